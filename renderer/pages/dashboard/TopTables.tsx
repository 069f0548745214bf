// The top keys, users, channels and models of the range, by spend then calls: one small
// table each (channels only for administrators looking at everyone's usage).
import type { UsageData } from '../../api/stats.js';
import { formatNumber, formatUsd } from '../../lib/money.js';
import { topRows, type TopRow } from './day-data.js';

const LIMIT = 5;

function TopTable({ title, what, rows }: { title: string; what: string; rows: TopRow[] }) {
  return (
    <div className="top-table">
      <table aria-label={title}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">Calls</th>
            <th scope="col">Errors</th>
            <th scope="col">Cost (USD)</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>None</td>
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
  const keyName = (p: UsageData['by_key'][number]) => (p.token_id === 0 ? 'Console playground' : p.token_name || `Key ${p.token_id}`);
  return (
    <section className="top-tables" aria-label="Top keys, users, channels and models">
      <TopTable title="Top models" what="Model" rows={topRows(usage.by_model ?? [], (p) => p.model, (p) => p.model, LIMIT)} />
      <TopTable title="Top keys" what="Key" rows={topRows(usage.by_key ?? [], (p) => `${p.user_id}:${p.token_id}`, keyName, LIMIT)} />
      {everyone && <TopTable title="Top users" what="User" rows={topRows(usage.by_user ?? [], (p) => String(p.user_id), (p) => p.username || `User ${p.user_id}`, LIMIT)} />}
      {everyone && <TopTable title="Top channels" what="Channel" rows={topRows(usage.by_channel ?? [], (p) => String(p.channel_id), (p) => p.channel_name || `Channel ${p.channel_id}`, LIMIT)} />}
    </section>
  );
}
