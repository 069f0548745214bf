// The columns of a top-up table: the wallet's own history and the administrator's list of all.
import type { ReactNode } from 'react';
import type { TopUpSource, TopUpStatus, TopUpView } from '../../api/money.js';
import type { Column } from '../../components/DataTable.js';
import { formatUsd } from '../../lib/money.js';

export const TOP_UP_STATUS: Record<TopUpStatus, { label: string; tone: 'ok' | 'warn' | 'off' }> = {
  pending: { label: 'Pending', tone: 'warn' },
  crediting: { label: 'Crediting', tone: 'warn' },
  done: { label: 'Credited', tone: 'ok' },
  failed: { label: 'Failed', tone: 'off' },
  expired: { label: 'Expired', tone: 'off' },
};

export const TOP_UP_SOURCE: Record<TopUpSource, string> = {
  redemption: 'Redemption code',
  payment: 'Card payment',
  invitation: 'Invitation rewards',
  admin: 'Administrator',
};

/** Still waiting for its payment: the wallet follows it until it ends. */
export function isOpen(topUp: TopUpView): boolean {
  return topUp.status === 'pending' || topUp.status === 'crediting';
}

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function paid(t: TopUpView): string {
  return t.money > 0 ? `${t.money.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${t.currency.toUpperCase()}` : '—';
}

/** Date, source, quota, paid, status and note; `extra` columns (the user, actions) go after the date. */
export function topUpColumns(extra: Column<TopUpView>[] = [], actions?: (t: TopUpView) => ReactNode): Column<TopUpView>[] {
  return [
    { key: 'date', header: 'Date', render: (t) => when(t.created_at) },
    ...extra,
    { key: 'source', header: 'Source', render: (t) => TOP_UP_SOURCE[t.source as TopUpSource] ?? t.source },
    { key: 'quota', header: 'Amount', numeric: true, render: (t) => formatUsd(t.quota) },
    { key: 'paid', header: 'Paid', numeric: true, render: paid },
    {
      key: 'status',
      header: 'Status',
      render: (t) => {
        const status = TOP_UP_STATUS[t.status as TopUpStatus] ?? { label: t.status, tone: 'off' as const };
        return <span className={`status status--${status.tone}`}>{status.label}</span>;
      },
    },
    { key: 'note', header: 'Note', render: (t) => (t.note === '' ? <span className="muted">—</span> : t.note) },
    ...(actions ? [{ key: 'actions', header: 'Actions', render: actions }] : []),
  ];
}
