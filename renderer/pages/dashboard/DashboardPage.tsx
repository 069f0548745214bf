// Usage at a glance: balance, spend, requests, error rate, tokens in and out, latency
// percentiles, RPM/TPM, charts (per hour, or per day for 7 and 30 days), the top keys, users,
// channels and models, and the split by call family, for the chosen time range;
// administrators can switch between their own usage and everyone's.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.js';
import { getLogStat, getUsage } from '../../api/stats.js';
import type { LogStat, Scope, UsageData } from '../../api/stats.js';
import { Alert } from '../../components/Alert.js';
import type { PageProps } from '../registry.js';
import { DashboardCharts } from './Charts.js';
import { FamilyTable } from './FamilyTable.js';
import { TopTables } from './TopTables.js';
import { errorRate, formatMs, formatRate, localTimeZone, percentilesText } from './day-data.js';
import { RangePicker } from './RangePicker.js';
import { formatCompact, formatNumber, formatUsd } from '../../lib/money.js';
import { isAdmin } from '../../lib/roles.js';
import { rangeBounds, rangeName, rangePhrase } from './range.js';
import type { Range } from './range.js';
import './dashboard.css';

interface Loaded {
  /** The signed-in user's balance now (it changes with every call, so it is read again). */
  balance: number;
  usage: UsageData;
  stat: LogStat;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: Loaded };

/** Whose usage; each named `operators:dashboard.scope.<id>`. */
const SCOPES: Scope[] = ['mine', 'everyone'];

export default function DashboardPage({ user }: PageProps) {
  const admin = isAdmin(user);
  const [range, setRange] = useState<Range>({ id: '24h' });
  const [scope, setScope] = useState<Scope>('mine');
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const { t } = useTranslation('operators');

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const [start, end] = rangeBounds(range);
    Promise.all([api.get('/api/user/self'), getUsage(start, end, scope, localTimeZone()), getLogStat(start, end, scope)])
      .then(([self, usage, stat]) => live && setState({ status: 'ready', data: { balance: self.quota, usage, stat } }))
      .catch((error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [range, scope, reload]);

  return (
    <section className="observe" aria-labelledby="dashboard-title">
      <div className="observe__head">
        <h1 id="dashboard-title">{t('common:nav.dashboard')}</h1>
        <div className="actions">
          {admin && (
            <div className="segmented" role="group" aria-label={t('dashboard.whose')}>
              {SCOPES.map((s) => (
                <button key={s} type="button" aria-pressed={scope === s} onClick={() => setScope(s)}>
                  {t(`dashboard.scope.${s}`)}
                </button>
              ))}
            </div>
          )}
          <button type="button" className="button button--secondary button--small" onClick={() => setReload((n) => n + 1)}>
            {t('common:actions.refresh')}
          </button>
        </div>
      </div>
      <RangePicker value={range} onChange={setRange} />
      {state.status === 'loading' && (
        <p className="loading" role="status">
          {t('dashboard.loading')}
        </p>
      )}
      {state.status === 'error' && <Alert tone="error">{t('dashboard.failed', { message: state.message })}</Alert>}
      {state.status === 'ready' && <Overview data={state.data} range={range} everyone={scope === 'everyone'} />}
    </section>
  );
}

function Overview({ data, range, everyone }: { data: Loaded; range: Range; everyone: boolean }) {
  const { balance, usage, stat } = data;
  const { t } = useTranslation('operators');
  const totals = usage.totals;
  const tokens = totals.prompt_tokens + totals.completion_tokens;
  const name = rangeName(range);
  const during = everyone ? t('dashboard.everyoneScope', { range: name }) : name;
  // Quota is shown in US dollars (500 000 units = 1 USD), as on the profile page.
  const rate = errorRate(totals);
  const cards: { label: string; value: string; testId: string; detail?: string }[] = [
    { label: everyone ? t('dashboard.yourBalance') : t('dashboard.balance'), value: formatUsd(balance), testId: 'balance' },
    { label: t('dashboard.spent', { during }), value: formatUsd(stat.quota), testId: 'spent' },
    { label: t('dashboard.requests', { during }), value: formatNumber(stat.requests), testId: 'requests' },
    { label: t('dashboard.errorRate', { during }), value: formatRate(rate), testId: 'error-rate', detail: t('dashboard.failedOf', { failed: formatNumber(totals.errors), calls: formatNumber(totals.requests + totals.errors) }) },
    { label: t('dashboard.tokens', { during }), value: formatCompact(tokens), testId: 'tokens', detail: t('dashboard.inOut', { in: formatCompact(totals.prompt_tokens), out: formatCompact(totals.completion_tokens) }) },
    { label: t('dashboard.totalTime', { during }), value: formatMsCard(usage.latency?.total_ms.p50), testId: 'total-time', detail: percentilesText(usage.latency?.total_ms) },
    { label: t('dashboard.firstByte', { during }), value: formatMsCard(usage.latency?.first_byte_ms.p50), testId: 'first-byte', detail: percentilesText(usage.latency?.first_byte_ms) },
    { label: everyone ? t('dashboard.rpmEveryone') : t('dashboard.rpm'), value: formatNumber(stat.rpm), testId: 'rpm' },
    { label: everyone ? t('dashboard.tpmEveryone') : t('dashboard.tpm'), value: formatCompact(stat.tpm), testId: 'tpm' },
  ];

  return (
    <>
      <div className="cards">
        {cards.map((card) => (
          <div key={card.testId} className="metric" data-testid={`metric-${card.testId}`}>
            <div className="metric__label">{card.label}</div>
            <div className="metric__value">{card.value}</div>
            {card.detail && <div className="metric__detail">{card.detail}</div>}
          </div>
        ))}
      </div>
      {totals.requests === 0 && usage.hours.length === 0 ? (
        <p className="empty">
          {t('dashboard.noCalls', { during: rangePhrase(range) })}
        </p>
      ) : (
        <>
          <DashboardCharts usage={usage} during={rangePhrase(range)} />
          <TopTables usage={usage} everyone={everyone} />
          <FamilyTable points={usage.by_family} />
        </>
      )}
    </>
  );
}

/** The median as the card's figure ("p50 850 ms"); the detail line gives all three. */
function formatMsCard(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '–' : `p50 ${formatMs(ms)}`;
}
