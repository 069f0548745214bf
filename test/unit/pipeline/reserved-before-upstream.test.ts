// The quota journal writes settlements and refunds with the next write (group commit), but a
// reservation at once: at the moment a call's upstream request is dispatched, its reservation
// is in the journal's file (after a crash, every call that reached an upstream is refunded and
// logged at the next start).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { sendUpstream } from '../../../relay/pipeline/send-upstream.js';
import { embeddedQuotaLedger } from '../../../relay/store/embedded/shared.js';
import { QuotaBook } from '../../../relay/store/quota-book.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import type { TokenRecord, UserRecord } from '../../../relay/store/schema.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { CallAbort } from '../../../relay/upstream/call-abort.js';
import { endpointOf } from '../../../relay/upstream/channel-endpoint.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('an attempt after its reservation', () => {
  it('dispatches the upstream request only once the reservation is in the journal file', async () => {
    const dir = await tempDir();
    const state = await StateFile.open(join(dir, 'state.json'));
    const { journal } = QuotaJournal.open(dir);
    await state.update((data) => {
      data.users.push({ id: 1, username: 'ann', quota: 1000, used_quota: 0, request_count: 0 } as UserRecord);
      data.tokens.push({ id: 1, user_id: 1, name: 'k', remain_quota: 0, unlimited_quota: true, used_quota: 0, request_count: 0 } as TokenRecord);
    });
    const ledger = embeddedQuotaLedger(state, new QuotaBook(state, journal));
    expect(await ledger.reserve({ userId: 1, tokenId: 1, amount: 100, call: { type: 5, request_id: 'req-1' } })).toHaveProperty('reservation');

    let journalAtDispatch = '';
    const dispatcher = {
      dispatch(_options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
        journalAtDispatch = readFileSync(join(dir, 'quota-journal.jsonl'), 'utf8');
        const controller = { abort() {}, pause() {}, resume() {}, aborted: false, paused: false, reason: null } as unknown as Dispatcher.DispatchController;
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, 200, {}, 'OK');
        handler.onResponseData?.(controller, Buffer.from('{}'));
        handler.onResponseEnd?.(controller, {});
        return true;
      },
    } as unknown as Dispatcher;
    const outcome = await sendUpstream(
      {
        upstream: { url: 'http://upstream.test/v1/x', headers: {}, body: '{}' },
        endpoint: endpointOf({ type: 1, base_url: 'http://upstream.test', header_override: {} }, 'sk-test', dispatcher),
        firstByteTimeoutMs: 0,
        idleTimeoutMs: 0,
        isRetryableStatus: () => false,
        clientSignal: new CallAbort(),
        startedAt: performance.now(),
        parseError: (status) => ({ status, kind: 'upstream', message: 'failed' }),
      },
      { streamed: false, read: async (response) => ({ ok: true, usage: undefined, outputText: await response.text(), firstByteMs: 0, clientGone: false }) },
    );
    expect(outcome).toMatchObject({ ok: true, outputText: '{}' });
    expect(journalAtDispatch).toContain('"op":"reserve"');
    expect(journalAtDispatch).toContain('"request_id":"req-1"');
    await journal.close();
  });
});
