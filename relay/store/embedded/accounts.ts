// Redemption codes, top-ups and the account ledger of the embedded store. Each money
// operation is one synchronous change of the state file (the code marked used, the top-up
// recorded and the quota credited together), written durably before it answers: concurrent
// attempts cannot both pass, and a crash keeps all of it or none.
import { sha256Hex } from '../../auth/secret-token.js';
import { RedemptionStatus, newRedemptionCode, redemptionRefusal, topUpRecord, type TopUpRecord } from '../account-records.js';
import type { AccountLedger, RedemptionRepo, TopUpRepo } from '../ports.js';
import type { State } from '../schema.js';
import type { StateFile } from '../state-file.js';
import { copy } from './records.js';

function page<T>(matching: T[], pageNumber: number, pageSize: number) {
  const newest = matching.slice().reverse();
  return { items: newest.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map(copy), total: matching.length };
}

export function redemptionRepo(state: StateFile): RedemptionRepo {
  const codes = () => state.data.redemptions;
  return {
    async create(input, count) {
      return state.update((data) =>
        Array.from({ length: count }, () => {
          const code = newRedemptionCode();
          const record = {
            id: data.next_ids.redemption++,
            name: input.name,
            code_hash: sha256Hex(code),
            code_hint: code.slice(-4),
            quota: input.quota,
            status: RedemptionStatus.enabled,
            created_by: input.created_by,
            created_at: Date.now(),
            expires_at: input.expires_at,
            redeemed_by: 0,
            redeemed_at: 0,
          };
          data.redemptions.push(record);
          return { record: copy(record), code };
        }),
      );
    },
    async list({ page: pageNumber, pageSize, keyword }) {
      const needle = keyword?.trim().toLowerCase() ?? '';
      const matching = codes().filter((c) => !needle || c.name.toLowerCase().includes(needle) || (/^\d+$/.test(needle) && c.id === Number(needle)));
      return page(matching, pageNumber, pageSize);
    },
    get: async (id) => {
      const found = codes().find((c) => c.id === id);
      return found && copy(found);
    },
    async update(id, patch) {
      return state.update((data) => {
        const code = data.redemptions.find((c) => c.id === id);
        if (!code || code.status === RedemptionStatus.used) return undefined;
        Object.assign(code, patch.status === RedemptionStatus.used ? { ...patch, status: code.status } : patch);
        return copy(code);
      });
    },
    async remove(ids) {
      const wanted = new Set(ids);
      return state.update((data) => removeWhere(data, (c) => wanted.has(c.id)));
    },
    async removeSpent(now = Date.now()) {
      return state.update((data) => removeWhere(data, (c) => c.status === RedemptionStatus.used || (c.expires_at !== 0 && c.expires_at <= now)));
    },
  };
}

function removeWhere(data: State, doomed: (code: State['redemptions'][number]) => boolean): number {
  const before = data.redemptions.length;
  data.redemptions = data.redemptions.filter((c) => !doomed(c));
  return before - data.redemptions.length;
}

export function topUpRepo(state: StateFile): TopUpRepo {
  const find = (id: number) => state.data.top_ups.find((t) => t.id === id);
  return {
    async list({ page: pageNumber, pageSize, userId, status, source }) {
      const matching = state.data.top_ups.filter((t) => (userId === undefined || t.user_id === userId) && (!status || t.status === status) && (!source || t.source === source));
      return page(matching, pageNumber, pageSize);
    },
    get: async (id) => {
      const found = find(id);
      return found && copy(found);
    },
    byReference: async (source, reference) => {
      const found = reference ? state.data.top_ups.find((t) => t.source === source && t.reference === reference) : undefined;
      return found && copy(found);
    },
    async createPending(input) {
      return state.update((data) => {
        if (input.reference && data.top_ups.some((t) => t.source === input.source && t.reference === input.reference)) return null;
        const record = topUpRecord(data.next_ids.top_up++, input, 'pending', Date.now());
        data.top_ups.push(record);
        return copy(record);
      });
    },
    async close(id, status) {
      return state.update((data) => {
        const topUp = data.top_ups.find((t) => t.id === id);
        if (!topUp || topUp.status !== 'pending') return undefined;
        Object.assign(topUp, { status, completed_at: Date.now() });
        return copy(topUp);
      });
    },
  };
}

/** `released` wakes calls waiting for quota (the quota ledger's waiters). */
export function embeddedAccountLedger(state: StateFile, released: () => void): AccountLedger {
  /** Records a done top-up and credits the user, in the caller's change step; answers the quota after. */
  const credit = (data: State, topUp: TopUpRecord): number => {
    const user = data.users.find((u) => u.id === topUp.user_id);
    if (!user) throw new Error(`No user ${topUp.user_id} to credit.`);
    user.quota += topUp.quota;
    return user.quota;
  };
  const newTopUp = (data: State, input: Parameters<typeof topUpRecord>[1]) => {
    const record = topUpRecord(data.next_ids.top_up++, input, 'done', Date.now());
    data.top_ups.push(record);
    return record;
  };
  const answered = async <R>(change: (data: State) => R): Promise<R> => {
    const result = await state.update(change);
    released();
    return result;
  };
  return {
    redeem: (codeHash, userId, now = Date.now()) =>
      answered((data) => {
        const code = data.redemptions.find((c) => c.code_hash === codeHash);
        const refused = redemptionRefusal(code, now);
        if (refused || !code) return { refused: refused ?? 'unknown' };
        Object.assign(code, { status: RedemptionStatus.used, redeemed_by: userId, redeemed_at: now });
        const topUp = newTopUp(data, { user_id: userId, quota: code.quota, source: 'redemption', note: code.name });
        topUp.redemption_id = code.id;
        return { topUp: copy(topUp), quota: credit(data, topUp) };
      }),
    completeTopUp: (id, note) =>
      answered((data) => {
        const topUp = data.top_ups.find((t) => t.id === id);
        if (!topUp) return undefined;
        if (topUp.status === 'done') return { topUp: copy(topUp), credited: false };
        Object.assign(topUp, { status: 'done', completed_at: Date.now(), note: note ?? topUp.note });
        credit(data, topUp);
        return { topUp: copy(topUp), credited: true };
      }),
    grant: (userId, quota, note) =>
      answered((data) => {
        const topUp = newTopUp(data, { user_id: userId, quota, source: 'admin', note });
        return { topUp: copy(topUp), quota: credit(data, topUp) };
      }),
    transferInvitation: (userId, quota) =>
      answered((data) => {
        const user = data.users.find((u) => u.id === userId);
        if (!user || user.aff_quota < quota) return { refused: 'insufficient' as const };
        user.aff_quota -= quota;
        const topUp = newTopUp(data, { user_id: userId, quota, source: 'invitation' });
        return { topUp: copy(topUp), quota: credit(data, topUp) };
      }),
    async rewardInviter(inviterId, reward) {
      await state.update((data) => {
        const inviter = data.users.find((u) => u.id === inviterId);
        if (!inviter) return;
        inviter.aff_count += 1;
        inviter.aff_quota += reward;
        inviter.aff_history_quota += reward;
      });
    },
  };
}
