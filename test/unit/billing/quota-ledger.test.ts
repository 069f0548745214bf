import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quotaLeft, quotaRefusal } from '../../../relay/billing/quota-refusal.js';
import { embeddedQuotaLedger } from '../../../relay/store/embedded/shared.js';
import { encodeLogRecord } from '../../../relay/store/logs/index.js';
import type { EncodedLogRecord } from '../../../relay/store/logs/index.js';
import { QuotaBook } from '../../../relay/store/quota-book.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import type { TokenRecord, UserRecord } from '../../../relay/store/schema.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

async function ledgerWithKey(remain: number) {
  const dir = await tempDir();
  const state = await StateFile.open(join(dir, 'state.json'));
  const { journal } = QuotaJournal.open(dir);
  await state.update((data) => {
    data.users.push({ id: 1, username: 'ann', quota: 1_000_000, used_quota: 0, request_count: 0 } as UserRecord);
    data.tokens.push({ id: 1, user_id: 1, name: 'k', remain_quota: remain, unlimited_quota: false, used_quota: 0, request_count: 0 } as TokenRecord);
  });
  const logged: EncodedLogRecord[] = [];
  const ledger = embeddedQuotaLedger(state, new QuotaBook(state, journal), (log) => logged.push(log));
  return { ledger, logged, user: state.data.users[0]!, token: state.data.tokens[0]!, close: () => journal.close() };
}

const call = { type: 5, request_id: 'r' };

describe('the embedded quota ledger', () => {
  it('never lets the open reservations exceed what is left, and says what calls in progress hold', async () => {
    const { ledger, logged, user, token, close } = await ledgerWithKey(100);
    const reserve = async (amount: number) => {
      const answer = await ledger.reserve({ userId: 1, tokenId: 1, amount, call });
      if ('refused' in answer) throw quotaRefusal(answer.refused, amount);
      return answer.reservation;
    };
    const first = await reserve(60);
    expect(quotaLeft(await ledger.standing(1, 1))).toBe(40);
    await expect(reserve(41)).rejects.toThrow(/quota is used up: 40 left \(60 more held by calls in progress\), this call needs at least 41/);
    const second = await reserve(40);
    expect((await ledger.standing(1, 1)).held).toBe(100);

    // A waiting call wakes when quota comes back.
    const woken = ledger.nextRelease(10_000);
    const served = encodeLogRecord({ type: 2, request_id: 'r1' }, Date.now());
    await ledger.settle(first.id, 15, 0, served);
    await woken;
    expect(quotaLeft(await ledger.standing(1, 1))).toBe(45);
    await ledger.refund(second.id);
    await ledger.refund(second.id); // once only
    await ledger.settle(first.id, 15, 0, served); // once only: no second charge, no second record
    expect(token).toMatchObject({ remain_quota: 85, used_quota: 15, request_count: 1 });
    expect(user).toMatchObject({ quota: 1_000_000 - 15, used_quota: 15, request_count: 1 });
    expect(await ledger.standing(1, 1)).toMatchObject({ held: 0, userHeld: 0, keyHeld: 0 });
    expect(logged).toEqual([served]);
    await close();
  });
});

describe('a refusal', () => {
  it("names the key's quota when it binds, else the user's, with what calls in progress hold", () => {
    const byKey = quotaRefusal({ userLeft: 500, keyLeft: 40, held: 60, userHeld: 60, keyHeld: 60 }, 41);
    expect(byKey).toMatchObject({ status: 403, code: 'insufficient_token_quota', message: "This API key's quota is used up: 40 left (60 more held by calls in progress), this call needs at least 41." });
    const byUser = quotaRefusal({ userLeft: 30, keyLeft: null, held: 0, userHeld: 0, keyHeld: 0 }, 34);
    expect(byUser).toMatchObject({ status: 403, code: 'insufficient_user_quota', message: 'Your quota is used up: 30 left, this call needs at least 34. Top up, or ask an administrator.' });
    // A key limited above what its user has: the user's quota binds.
    expect(quotaRefusal({ userLeft: 30, keyLeft: 5_000, held: 0, userHeld: 0, keyHeld: 0 }, 34).code).toBe('insufficient_user_quota');
  });
});
