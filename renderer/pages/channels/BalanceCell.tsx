// A channel's balance with its refresh button. "—" whenever no balance is known: the type's
// upstream has no balance query (renderer/lib/channel-types.ts says which), it was never read,
// or the last refresh failed (the page says why above the table).
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../i18n/format.js';
import type { ChannelView } from '../../api/channels.js';
import { hasBalance, typeLabel } from '../../lib/channel-types.js';
import { formatWhen } from '../../lib/when.js';

/** Refreshing, or the last refresh's error ('' when it worked). */
export type BalanceState = 'running' | string;

/** "—" for the eye, `why` for screen readers and on hover. */
function NoBalance({ why, title }: { why: string; title: string }) {
  return (
    <span className="muted" title={title}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{why}</span>
    </span>
  );
}

export function BalanceCell({ channel, state, onRefresh }: { channel: ChannelView; state: BalanceState | undefined; onRefresh: () => void }) {
  const { t } = useTranslation('channels');
  if (!hasBalance(channel.type)) {
    return (
      <span data-testid={`balance-${channel.id}`}>
        <NoBalance why={t('balance.noQuery', { type: typeLabel(channel.type) })} title={t('balance.noQueryTitle', { type: typeLabel(channel.type) })} />
      </span>
    );
  }
  const failed = state !== undefined && state !== 'running' && state !== '';
  const readAt = channel.balance_updated_at ?? 0;
  // Only a read sets a balance: one other than 0 without a time was read before the relay kept it.
  const known = readAt > 0 || channel.balance !== 0;
  let shown;
  if (failed) shown = <NoBalance why={t('balance.failed')} title={t('balance.failedTitle', { reason: state })} />;
  else if (!known) shown = <NoBalance why={t('balance.notRead')} title={t('balance.notReadTitle')} />;
  else shown = <span title={readAt > 0 ? t('balance.readAt', { when: formatWhen(readAt) }) : t('balance.asLastRead')}>{numberFormat({ style: 'currency', currency: 'USD' }).format(channel.balance)}</span>;
  return (
    <span className="balance" data-testid={`balance-${channel.id}`}>
      {shown}
      <button type="button" className="icon-button" aria-label={t('balance.refreshOf', { name: channel.name })} title={t('balance.refresh')} disabled={state === 'running'} onClick={onRefresh}>
        ↻
      </button>
    </span>
  );
}
