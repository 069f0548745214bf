// Reserving a call's quota when what is left does not pay for it yet: the call waits for calls
// in progress to give quota back only when that can help, and a client that leaves ends the
// wait at once, leaving no timer behind and reserving nothing.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../../relay/auth/api-key.js';
import type { ChatRequest } from '../../../relay/ir/chat-request.js';
import type { CallLog } from '../../../relay/pipeline/call-log.js';
import { chatBound } from '../../../relay/pipeline/chat-family.js';
import { reserveQuota } from '../../../relay/pipeline/reserve.js';
import type { ClientCodec } from '../../../relay/protocols/types.js';
import { embeddedQuotaLedger } from '../../../relay/store/embedded/shared.js';
import { encodeLogRecord } from '../../../relay/store/logs/index.js';
import { QuotaBook } from '../../../relay/store/quota-book.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import type { QuotaLedgerPort } from '../../../relay/store/ports.js';
import type { TokenRecord, UserRecord } from '../../../relay/store/schema.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const close of closers.splice(0)) await close();
});

/** A key with `remain` quota (its user has plenty) and the embedded quota ledger over a real journal. */
async function keyWith(remain: number) {
  const dir = await tempDir();
  const state = await StateFile.open(join(dir, 'state.json'));
  const { journal } = QuotaJournal.open(dir);
  closers.push(() => journal.close());
  await state.update((data) => {
    data.users.push({ id: 1, username: 'ann', quota: 1_000_000, used_quota: 0, request_count: 0 } as UserRecord);
    data.tokens.push({ id: 1, user_id: 1, name: 'k', remain_quota: remain, unlimited_quota: false, used_quota: 0, request_count: 0 } as TokenRecord);
  });
  const caller = { user: state.data.users[0]!, token: state.data.tokens[0]!, group: '' } as Caller;
  const ledger = embeddedQuotaLedger(state, new QuotaBook(state, journal));
  /** Another call in progress holding `amount` of the key's quota. */
  const hold = async (amount: number) => {
    const answer = await ledger.reserve({ userId: 1, tokenId: 1, amount, call: { type: 5 } });
    if (!('reservation' in answer)) throw new Error('refused');
    return answer.reservation.id;
  };
  return { ledger, caller, hold };
}

/** A client connection that can leave. */
function client() {
  const socket = { destroyed: false, remoteAddress: '127.0.0.1' };
  const res = Object.assign(new EventEmitter(), { socket }) as unknown as ServerResponse;
  const leave = () => {
    socket.destroyed = true;
    res.emit('close');
  };
  return { req: { socket, requestId: 'req-1' } as unknown as IncomingMessage, res, leave };
}

/** "hi" with max_tokens 20 at model ratio 1: at least 34 (18 prompt + 16 output), 38 in full. */
function reserve(ledger: QuotaLedgerPort, caller: Caller, connection: ReturnType<typeof client>, request: Partial<ChatRequest> = {}) {
  const call: CallLog = { family: 'chat', model: 'm', upstreamModel: '', channel: undefined, chain: [], stream: false, warnings: [] };
  const ir: ChatRequest = { model: 'm', stream: false, maxOutputTokens: 20, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], ...request };
  const bound = chatBound({} as ClientCodec, { request: ir, raw: {} }, 4096);
  return reserveQuota(ledger, { ...connection, caller, call, bound, price: { modelRatio: 1 }, groupRatio: 1 });
}

/** Whether the promise has settled once pending callbacks have run (no timer is advanced). */
async function settled(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('reserving quota while calls in progress hold it', () => {
  it('waits, and takes the quota a finished call gives back', async () => {
    const { ledger, caller, hold } = await keyWith(100);
    const other = await hold(70);
    const waiting = reserve(ledger, caller, client());
    expect(await settled(waiting)).toBe('pending');
    await ledger.settle(other, 10, 0, encodeLogRecord({ type: 2 }, Date.now()));
    expect((await waiting).amount).toBe(38);
  });

  it('takes quota given back between its refusal and the start of its wait (no lost wake-up)', async () => {
    const { ledger, caller, hold } = await keyWith(100);
    const other = await hold(70);
    // The other call finishes while the refusal is on its way back: no waiter hears that release.
    const racing: QuotaLedgerPort = Object.assign(Object.create(ledger), {
      reserve: async (ask: Parameters<QuotaLedgerPort['reserve']>[0]) => {
        const answer = await ledger.reserve(ask);
        if (!('reservation' in answer) && (await ledger.standing(1, 1)).held > 0) await ledger.settle(other, 10, 0, encodeLogRecord({ type: 2 }, Date.now()));
        return answer;
      },
    });
    const started = Date.now();
    const reserved = await reserve(racing, caller, client());
    expect(reserved.amount).toBe(38);
    expect(Date.now() - started).toBeLessThan(2_000); // not the 30 s the whole wait allows
  });

  it('ends the wait as soon as the client leaves: no timer left, and nothing reserved when quota comes back later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { ledger, caller, hold } = await keyWith(100);
    const other = await hold(70);
    const timers = vi.getTimerCount(); // the state file's deferred write
    const connection = client();
    const waiting = reserve(ledger, caller, connection);
    expect(await settled(waiting)).toBe('pending');
    connection.leave();
    await ledger.refund(other);
    await expect(waiting).rejects.toMatchObject({ message: /client left/ });
    expect(vi.getTimerCount()).toBe(timers);
    expect((await ledger.standing(1, 1)).held).toBe(0);
    expect(caller.token.remain_quota).toBe(100);
  });

  it('is refused at once when even all that calls in progress hold would not pay for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { ledger, caller, hold } = await keyWith(33);
    await hold(3); // 30 left + 3 held < 34
    const timers = vi.getTimerCount(); // the state file's deferred write
    const refused = reserve(ledger, caller, client());
    expect(await settled(refused)).toBe('rejected');
    await expect(refused).rejects.toMatchObject({ status: 403, message: /30 left \(3 more held by calls in progress\), this call needs at least 34/ });
    expect(vi.getTimerCount()).toBe(timers);
  });

  it('serves a free call on a quota of zero, and refuses it on a quota below zero (nothing left to lower)', async () => {
    const { ledger, caller } = await keyWith(100);
    const free = (connection: ReturnType<typeof client>) => {
      const call: CallLog = { family: 'chat', model: 'm', upstreamModel: '', channel: undefined, chain: [], stream: false, warnings: [] };
      return reserveQuota(ledger, { ...connection, caller, call, bound: { promptTokens: 10, outputTokens: 10, choices: 1 }, price: undefined, groupRatio: 1 });
    };
    await ledger.adjustUser(1, -1_000_000);
    expect(await free(client())).toMatchObject({ amount: 0 });
    await ledger.adjustUser(1, -1);
    await expect(free(client())).rejects.toMatchObject({ status: 403, code: 'insufficient_user_quota', message: /-1 left, this call needs at least 0/ });
  });
});
