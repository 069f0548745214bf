import { createHash } from 'node:crypto';
import { ChannelStatus } from '../store/channels.js';
import type { AffinityTarget } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';

// Prompt-cache affinity: the calls of one coding-agent session go to the channel and the key
// that served the session last, as long as it keeps serving it, because a provider's prompt
// cache belongs to one key (account): a session hopping between keys pays full input price
// for the prefix each time it lands on a key that has not seen it.

/**
 * The map key of a session: the API key's id and its user's (two keys, two users, never share
 * a session; the console's playground calls on a key of id 0 for every user), the model (a
 * cache belongs to one model) and the client's session id, hashed so that any client text
 * fits a bounded key.
 */
export function affinityKey(who: { tokenId: number; userId: number; model: string }, session: string): string {
  return createHash('sha256').update(`${who.tokenId}\n${who.userId}\n${who.model}\n${session}`).digest('base64url').slice(0, 32);
}

/**
 * The remembered target when it may serve this attempt: its channel still a candidate and
 * not left out, and its key enabled and not unusable (failed for this call or cooling down).
 */
export function stuckTarget(
  target: AffinityTarget | undefined,
  candidates: readonly ChannelRecord[],
  excluded: ReadonlySet<number>,
  unusableKeys: (channel: ChannelRecord) => ReadonlySet<number>,
): { channel: ChannelRecord; keyIndex: number } | undefined {
  if (!target || excluded.has(target.channelId)) return undefined;
  const channel = candidates.find((c) => c.id === target.channelId);
  if (!channel || target.keyIndex >= channel.key_count) return undefined;
  const state = channel.key_states[target.keyIndex];
  if (state && state.status !== ChannelStatus.enabled) return undefined;
  return unusableKeys(channel).has(target.keyIndex) ? undefined : { channel, keyIndex: target.keyIndex };
}
