// The columns of a top-up table: the wallet's own history and the administrator's list of all.
import type { ReactNode } from 'react';
import type { TopUpSource, TopUpStatus, TopUpView } from '../../api/money.js';
import type { Column } from '../../components/DataTable.js';
import { formatDateTime, numberFormat } from '../../i18n/format.js';
import { i18n } from '../../i18n/index.js';
import { formatUsd } from '../../lib/money.js';

/** Each status's tone; its name is `money:topUps.status.<status>`. */
export const TOP_UP_STATUS: Record<TopUpStatus, 'ok' | 'warn' | 'off'> = { pending: 'warn', crediting: 'warn', done: 'ok', failed: 'off', expired: 'off' };
export const TOP_UP_SOURCES: readonly TopUpSource[] = ['redemption', 'payment', 'invitation', 'admin'];

export function statusLabel(status: string): string {
  return status in TOP_UP_STATUS ? i18n.t(`money:topUps.status.${status}`) : status;
}
export function sourceLabel(source: string): string {
  return (TOP_UP_SOURCES as readonly string[]).includes(source) ? i18n.t(`money:topUps.source.${source}`) : source;
}

/** Still waiting for its payment: the wallet follows it until it ends. */
export function isOpen(topUp: TopUpView): boolean {
  return topUp.status === 'pending' || topUp.status === 'crediting';
}

function paid(t: TopUpView): string {
  return t.money > 0 ? `${numberFormat({ maximumFractionDigits: 2 }).format(t.money)} ${t.currency.toUpperCase()}` : '—';
}

/** Date, source, quota, paid, status and note; `extra` columns (the user, actions) go after the date. */
export function topUpColumns(extra: Column<TopUpView>[] = [], actions?: (t: TopUpView) => ReactNode): Column<TopUpView>[] {
  const h = (key: string) => i18n.t(`money:topUps.columns.${key}`);
  return [
    { key: 'date', header: h('date'), render: (t) => formatDateTime(t.created_at) },
    ...extra,
    { key: 'source', header: h('source'), render: (t) => sourceLabel(t.source) },
    { key: 'quota', header: h('amount'), numeric: true, render: (t) => formatUsd(t.quota) },
    { key: 'paid', header: h('paid'), numeric: true, render: paid },
    {
      key: 'status',
      header: h('status'),
      render: (t) => <span className={`status status--${TOP_UP_STATUS[t.status as TopUpStatus] ?? 'off'}`}>{statusLabel(t.status)}</span>,
    },
    { key: 'note', header: h('note'), render: (t) => (t.note === '' ? <span className="muted">—</span> : t.note) },
    ...(actions ? [{ key: 'actions', header: h('actions'), render: actions }] : []),
  ];
}
