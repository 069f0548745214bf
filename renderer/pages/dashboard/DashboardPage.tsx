// Usage at a glance: balance, spend, requests, tokens, RPM/TPM, and hourly charts.
import { useEffect, useState } from 'react';
import type { UserView } from '../../../relay/management/contract.js';
import { api } from '../../api/client.js';
import { getLogStat, getUsage } from '../../api/stats.js';
import type { LogStat, UsageData } from '../../api/stats.js';
import { DashboardCharts } from './Charts.js';
import { RangePicker } from './RangePicker.js';
import { formatCompact, formatNumber, formatUsd } from '../../lib/money.js';
import { RANGES, rangeBounds } from './range.js';
import type { RangeId } from './range.js';
import './dashboard.css';

interface Loaded {
  user: UserView;
  usage: UsageData;
  stat: LogStat;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: Loaded };

export default function DashboardPage() {
  const [range, setRange] = useState<RangeId>('24h');
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const [start, end] = rangeBounds(range);
    Promise.all([api.get('/api/user/self'), getUsage(start, end), getLogStat(start, end)])
      .then(([user, usage, stat]) => live && setState({ status: 'ready', data: { user, usage, stat } }))
      .catch((error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [range, reload]);

  const rangeLabel = RANGES.find((r) => r.id === range)?.label ?? '';

  return (
    <section className="observe" aria-labelledby="dashboard-title">
      <div className="observe__head">
        <h1 id="dashboard-title">Dashboard</h1>
        <div className="actions">
          <RangePicker value={range} onChange={setRange} />
          <button type="button" className="button button--secondary button--small" onClick={() => setReload((n) => n + 1)}>
            Refresh
          </button>
        </div>
      </div>
      {state.status === 'loading' && (
        <p className="loading" role="status">
          Loading usage…
        </p>
      )}
      {state.status === 'error' && (
        <div className="alert alert--error" role="alert">
          Couldn't load usage: {state.message}
        </div>
      )}
      {state.status === 'ready' && <Overview data={state.data} rangeLabel={rangeLabel} />}
    </section>
  );
}

function Overview({ data, rangeLabel }: { data: Loaded; rangeLabel: string }) {
  const { user, usage, stat } = data;
  const totals = usage.totals;
  const tokens = totals.prompt_tokens + totals.completion_tokens;
  // Quota is shown in US dollars (500 000 units = 1 USD), as on the profile page.
  const cards: { label: string; value: string; testId: string }[] = [
    { label: 'Balance', value: formatUsd(user.quota), testId: 'balance' },
    { label: `Spent, last ${rangeLabel}`, value: formatUsd(stat.quota), testId: 'spent' },
    { label: `Requests, last ${rangeLabel}`, value: formatNumber(stat.requests), testId: 'requests' },
    { label: `Tokens, last ${rangeLabel}`, value: formatCompact(tokens), testId: 'tokens' },
    { label: 'Requests per minute', value: formatNumber(stat.rpm), testId: 'rpm' },
    { label: 'Tokens per minute', value: formatCompact(stat.tpm), testId: 'tpm' },
  ];

  return (
    <>
      <div className="cards">
        {cards.map((card) => (
          <div key={card.testId} className="metric" data-testid={`metric-${card.testId}`}>
            <div className="metric__label">{card.label}</div>
            <div className="metric__value">{card.value}</div>
          </div>
        ))}
      </div>
      {totals.requests === 0 && usage.hours.length === 0 ? (
        <p className="empty">No calls in the last {rangeLabel}. Send one from the playground or any OpenAI-compatible client.</p>
      ) : (
        <DashboardCharts usage={usage} rangeLabel={rangeLabel} />
      )}
    </>
  );
}
