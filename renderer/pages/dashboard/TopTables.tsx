// The top keys, users, channels and models of the range, by spend then calls: one small
// table each (channels only for administrators looking at everyone's usage).
import { useTranslation } from 'react-i18next';
import type { UsageData } from '../../api/stats.js';
import { formatNumber, formatUsd } from '../../lib/money.js';
import { topRows, type TopRow } from './day-data.js';

const LIMIT = 5;

function TopTable({ title, what, rows }: { title: string; what: string; rows: TopRow[] }) {
  const { t } = useTranslation('operators');
  return (
    <div className="top-table">
      <table aria-label={title}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">{t('top.calls')}</th>
            <th scope="col">{t('top.errors')}</th>
            <th scope="col">{t('top.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('top.none')}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{formatNumber(row.requests)}</td>
                <td>{formatNumber(row.errors)}</td>
                <td>{formatUsd(row.quota)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function TopTables({ usage, everyone }: { usage: UsageData; everyone: boolean }) {
  const { t } = useTranslation('operators');
  const keyName = (p: UsageData['by_key'][number]) => (p.token_id === 0 ? t('top.playgroundKey') : p.token_name || t('top.keyNumber', { id: p.token_id }));
  return (
    <section className="top-tables" aria-label={t('top.region')}>
      <TopTable title={t('top.models')} what={t('top.model')} rows={topRows(usage.by_model ?? [], (p) => p.model, (p) => p.model, LIMIT)} />
      <TopTable title={t('top.keys')} what={t('top.key')} rows={topRows(usage.by_key ?? [], (p) => `${p.user_id}:${p.token_id}`, keyName, LIMIT)} />
      {everyone && <TopTable title={t('top.users')} what={t('top.user')} rows={topRows(usage.by_user ?? [], (p) => String(p.user_id), (p) => p.username || t('top.userNumber', { id: p.user_id }), LIMIT)} />}
      {everyone && <TopTable title={t('top.channels')} what={t('top.channel')} rows={topRows(usage.by_channel ?? [], (p) => String(p.channel_id), (p) => p.channel_name || t('top.channelNumber', { id: p.channel_id }), LIMIT)} />}
    </section>
  );
}
