import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../relay/billing/ledger.js';
import { encodeLogRecord } from '../../../relay/store/logs/index.js';
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
  return { ledger: new Ledger(new QuotaBook(state, journal)), user: state.data.users[0]!, token: state.data.tokens[0]!, close: () => journal.close() };
}

const call = { type: 5, request_id: 'r' };

describe('ledger', () => {
  it('never lets the open reservations exceed what is left, and says what calls in progress hold', async () => {
    const { ledger, user, token, close } = await ledgerWithKey(100);
    const first = ledger.reserve(user, token, 60, call);
    expect(ledger.available(user, token)).toBe(40);
    expect(() => ledger.reserve(user, token, 41, call)).toThrow(/quota is used up: 40 left \(60 more held by calls in progress\), this call needs at least 41/);
    const second = ledger.reserve(user, token, 40, call);
    expect(ledger.heldByCallsInProgress(user, token)).toBe(100);

    // A waiting call wakes when quota comes back.
    const woken = ledger.nextRelease(10_000);
    ledger.settle(first, 15, 0, encodeLogRecord({ type: 2, request_id: 'r1' }, Date.now()));
    await woken;
    expect(ledger.available(user, token)).toBe(45);
    ledger.refund(second);
    ledger.refund(second); // once only
    expect(token).toMatchObject({ remain_quota: 85, used_quota: 15, request_count: 1 });
    expect(user).toMatchObject({ quota: 1_000_000 - 15, used_quota: 15, request_count: 1 });
    expect(ledger.heldByCallsInProgress(user, token)).toBe(0);
    await close();
  });
});
