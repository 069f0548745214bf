import type { Caller } from '../auth/api-key.js';
import { RelayError } from '../ir/relay-error.js';
import type { CallCatalog, RateCounters, WindowCount } from '../store/ports.js';
import type { RateLimits } from '../store/schema.js';

// Requests and tokens per minute, per API key, per user, per user and model, and per user in a
// group: counted in the store's rate counters (this process embedded; Redis in server mode, so
// every instance shares one count), all of a call's limits in one atomic step. Windows are
// fixed minutes from a window's first call. Tokens are counted at admission as the call's bound
// (its prompt and the most output it may produce, as its quota reservation is) and corrected to
// what it really used when it settles (to 0 when it fails).

const WINDOW_MS = 60_000;

/** Whose limits a call counts against: a counter name, how a refusal names it, and its limits. */
interface RateScope {
  key: string;
  what: string;
  limits: RateLimits | undefined;
}

/** Corrects a call's token counts when it ends: to what it used, or to 0 when it failed. */
export interface RateTicket {
  settle(tokens: number): void;
  release(): void;
}

function scopesOf(caller: Caller, catalog: Pick<CallCatalog, 'models' | 'groups'>, model: string): RateScope[] {
  const user = caller.user.id;
  const scopes: RateScope[] = [];
  if (caller.token.id !== 0) scopes.push({ key: `k:${caller.token.id}`, what: 'this API key', limits: caller.token.limits });
  scopes.push({ key: `u:${user}`, what: 'your account', limits: caller.user.limits });
  const record = catalog.models().find((m) => m.name === model);
  if (record?.limits) scopes.push({ key: `m:${user}:${model}`, what: `the model ${model}`, limits: record.limits });
  const group = catalog.groups().find((g) => g.name === caller.group);
  if (group?.limits) scopes.push({ key: `g:${user}:${group.name}`, what: `the group ${group.name}`, limits: group.limits });
  return scopes;
}

/**
 * Counts the call against every limit that applies, or refuses it (429, with Retry-After) when
 * any is reached; nothing is counted for a refused call. `tokens`: the call's bound in tokens.
 * Undefined at once when no limit applies (most calls: nothing to wait for).
 */
export function admitRates(counters: RateCounters, catalog: Pick<CallCatalog, 'models' | 'groups'>, caller: Caller, model: string, tokens: number, onError: (error: unknown) => void): Promise<RateTicket> | undefined {
  const counts: WindowCount[] = [];
  const says: string[] = [];
  for (const scope of scopesOf(caller, catalog, model)) {
    const rpm = scope.limits?.rpm ?? 0;
    const tpm = scope.limits?.tpm ?? 0;
    if (rpm > 0) {
      counts.push({ key: `rpm:${scope.key}`, limit: rpm, amount: 1 });
      says.push(`${rpm} requests per minute for ${scope.what}`);
    }
    if (tpm > 0) {
      // A call bigger than the whole limit is let into an empty window (it is corrected at settlement), never refused for ever.
      counts.push({ key: `tpm:${scope.key}`, limit: tpm, amount: Math.max(1, Math.min(Math.ceil(tokens), tpm)) });
      says.push(`${tpm} tokens per minute for ${scope.what}`);
    }
  }
  return counts.length === 0 ? undefined : take(counters, counts, says, onError);
}

async function take(counters: RateCounters, counts: WindowCount[], says: string[], onError: (error: unknown) => void): Promise<RateTicket> {
  const answer = await counters.take(counts, WINDOW_MS);
  if (!answer.allowed) {
    const seconds = Math.max(1, Math.ceil(answer.retryAfterMs / 1000));
    throw new RelayError(429, 'rate_limit', `Rate limit reached: ${says[answer.index]}. Try again in ${seconds} s.`, 'rate_limit_exceeded', '', { 'retry-after': String(seconds) });
  }
  const tokenCounts = counts.map((count, i) => ({ ...count, window: answer.windows[i]! })).filter((count) => count.key.startsWith('tpm:'));
  let ended = tokenCounts.length === 0;
  const correct = (used: number) => {
    if (ended) return;
    ended = true;
    for (const count of tokenCounts) counters.correct(count.key, count.window, Math.round(used) - count.amount).catch(onError);
  };
  return { settle: correct, release: () => correct(0) };
}
