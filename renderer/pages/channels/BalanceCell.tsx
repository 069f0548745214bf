// A channel's balance with its refresh button; "—" for types whose upstream has no balance
// query (renderer/lib/channel-types.ts says which), "Failed" when the last refresh failed.
import type { ChannelView } from '../../api/channels.js';
import { hasBalance, typeLabel } from '../../lib/channel-types.js';

/** Refreshing, or the last refresh's error ('' when it worked). */
export type BalanceState = 'running' | string;

export function BalanceCell({ channel, state, onRefresh }: { channel: ChannelView; state: BalanceState | undefined; onRefresh: () => void }) {
  if (!hasBalance(channel.type)) {
    return (
      <span className="muted" title={`${typeLabel(channel.type)} has no balance query: see the provider's own console.`} data-testid={`balance-${channel.id}`}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No balance query for {typeLabel(channel.type)}</span>
      </span>
    );
  }
  const failed = state !== undefined && state !== 'running' && state !== '';
  return (
    <span className="balance" data-testid={`balance-${channel.id}`}>
      {failed ? <span className="balance__failed">Failed</span> : <span>${channel.balance.toFixed(2)}</span>}
      <button type="button" className="icon-button" aria-label={`Refresh balance of ${channel.name}`} title="Refresh balance" disabled={state === 'running'} onClick={onRefresh}>
        ↻
      </button>
    </span>
  );
}
