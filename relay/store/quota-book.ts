import type { EncodedLogRecord, NewLogRecord } from './logs/types.js';
import type { QuotaJournal, QuotaEntry, NewQuotaEntry } from './quota-journal.js';
import type { BudgetMark, OpenReservation, State } from './schema.js';
import type { StateFile } from './state-file.js';

/**
 * The quota counters of users, keys and channels, changed only through journaled entries:
 * each change is appended to the journal and applied to the state with the journal position
 * in one step, so that the state file's counters and its `ledger_seq` always agree (the
 * journal is written before any state write). The quota ledger port over it is relay/store/embedded/shared.ts;
 * what a call reserves is relay/pipeline/reserve.ts.
 */
export class QuotaBook {
  constructor(
    private readonly state: StateFile,
    private readonly journal: QuotaJournal,
  ) {}

  /**
   * Holds `amount` of the user's quota (and of the key's, when it is limited) at once, so that
   * the next reservation sees it held, and answers the reservation id once the journal has it;
   * when the journal could not write it, undoes it and throws.
   */
  async reserve(userId: number, tokenId: number, amount: number, tokenLimited: boolean, call: NewLogRecord, budgets?: BudgetMark[]): Promise<number> {
    const reservation = { op: 'reserve' as const, user_id: userId, token_id: tokenId, amount, token_limited: tokenLimited, call };
    const { entry, written } = this.journal.appendReservation(budgets?.length ? { ...reservation, budgets } : reservation);
    this.state.touch((data) => applyQuotaEntry(data, entry));
    try {
      await written;
    } catch (error) {
      // Not in the journal: given back in memory only, as if it had never been.
      this.state.touch((data) => applyQuotaEntry(data, { seq: entry.seq, op: 'refund', id: entry.seq }));
      throw error;
    }
    return entry.seq;
  }

  /** Charges the served call's real cost and counts it; `log` is its log record (encoded by the log store), which the caller appends next. */
  settle(id: number, cost: number, channelId: number, log: EncodedLogRecord): void {
    this.record({ op: 'settle', id, cost, channel_id: channelId, log });
  }

  /** Gives the reservation back; `log` is the failed call's record, when it has one. */
  refund(id: number, log?: EncodedLogRecord): QuotaEntry {
    return this.record(log ? { op: 'refund', id, log } : { op: 'refund', id });
  }

  open(): Readonly<Record<string, OpenReservation>> {
    return this.state.data.open_reservations;
  }

  private record(entry: Exclude<NewQuotaEntry, { op: 'reserve' }>): QuotaEntry {
    const written = this.journal.append(entry);
    this.state.touch((data) => applyQuotaEntry(data, written));
    return written;
  }
}

/** The effect of one journal entry on the counters: the same live and when replayed at start. */
export function applyQuotaEntry(data: State, entry: QuotaEntry): void {
  data.ledger_seq = Math.max(data.ledger_seq, entry.seq);
  if (entry.op === 'reserve') {
    const { user_id, token_id, amount, token_limited, call, budgets } = entry;
    data.open_reservations[entry.seq] = { user_id, token_id, amount, token_limited, created_at: call.created_at ?? Date.now(), call };
    change(data, user_id, token_id, token_limited, -amount);
    if (budgets) {
      data.open_reservations[entry.seq]!.budgets = budgets;
      const spend = (data.period_spend ??= {});
      for (const { k, p } of budgets) spend[k] = { p, spent: (spend[k]?.p === p ? spend[k].spent : 0) + amount };
    }
    return;
  }
  const open = data.open_reservations[entry.id];
  if (!open) return; // already closed
  delete data.open_reservations[entry.id];
  const cost = entry.op === 'refund' ? 0 : entry.cost;
  // Each period counts what the call cost instead of what it held (a period ended meanwhile has nothing to correct).
  for (const { k, p } of open.budgets ?? []) {
    const spent = data.period_spend?.[k];
    if (spent?.p === p) spent.spent += cost - open.amount;
  }
  if (entry.op === 'refund') {
    change(data, open.user_id, open.token_id, open.token_limited, open.amount);
    return;
  }
  change(data, open.user_id, open.token_id, open.token_limited, open.amount - cost);
  const user = byId(data.users, open.user_id);
  if (user) {
    user.used_quota += cost;
    user.request_count += 1;
  }
  const token = byId(data.tokens, open.token_id);
  if (token) {
    token.used_quota += cost;
    token.request_count += 1;
    token.accessed_at = entry.log.created_at ?? Date.now();
  }
  const channel = byId(data.channels, entry.channel_id);
  if (channel) channel.used_quota += cost;
}

/** Adds `delta` to what is left to the user, and to the key when the reservation held its quota too. */
function change(data: State, userId: number, tokenId: number, tokenLimited: boolean, delta: number): void {
  const user = byId(data.users, userId);
  if (user) user.quota += delta;
  const token = tokenLimited ? byId(data.tokens, tokenId) : undefined;
  if (token) token.remain_quota += delta;
}

/** A plain loop, no closure: it runs several times a call. */
export function byId<T extends { id: number }>(list: readonly T[], id: number): T | undefined {
  for (const item of list) if (item.id === id) return item;
  return undefined;
}

/** What budget `key` has spent in `period` (reservations held included). */
export function spentIn(data: Pick<State, 'period_spend'>, key: string, period: string): number {
  const spent = data.period_spend?.[key];
  return spent?.p === period ? spent.spent : 0;
}
