// One round of the crash scenario's traffic: calls of every JSON family (crash-families.ts:
// chat, messages and legacy completions, streamed and not; embeddings, moderations, rerank,
// images, speech) on the relay's API keys, and management writes (new API keys, a setting,
// redeemed codes), all at once, until the relay is killed.
// What was acknowledged is written down in the ledger the audit checks after the restart.
import { ApiClient } from '../helpers/relay.js';
import { CRASH_FAMILIES, type CrashFamily } from './crash-families.js';

export interface Call {
  family: string;
  status: number;
  requestId: string | null;
  /** The whole answer reached the client. */
  answered: boolean;
  /** Cut by the kill (no answer, or an answer that stopped short). */
  cut: boolean;
}

export interface Ledger {
  /** API key name → quota it was given (every key whose creation was answered 200). */
  keys: Map<string, number>;
  /** Keys asked for whose answer never came (they may or may not exist). */
  unsure: Set<string>;
  /** Quota of every code whose redemption was answered 200 (each code's quota is unique). */
  redeemed: Set<number>;
  /** The site_name setting: the last value acknowledged, and the last one sent. */
  setting: { acked: number; sent: number };
  calls: Call[];
  writes: { sent: number; acked: number };
}

export const newLedger = (): Ledger => ({ keys: new Map(), unsure: new Set(), redeemed: new Set(), setting: { acked: 0, sent: 0 }, calls: [], writes: { sent: 0, acked: 0 } });

async function call(origin: string, key: string, family: CrashFamily): Promise<Call> {
  let status = 0;
  let requestId: string | null = null;
  try {
    const response = await fetch(origin + family.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(family.body),
    });
    status = response.status;
    requestId = response.headers.get('x-request-id');
    const text = await response.text();
    const answered = status === 200 && family.whole(text, response.headers.get('content-type') ?? '');
    return { family: family.name, status, requestId, answered, cut: status === 200 && !answered };
  } catch {
    return { family: family.name, status, requestId, answered: false, cut: true };
  }
}

export interface Actors {
  origin: string;
  root: ApiClient;
  caller: ApiClient;
  /** The caller's API keys the calls use. */
  callKeys: string[];
  /** Codes made for this round, redeemed by the caller. */
  codes: Array<{ code: string; quota: number }>;
}

/**
 * Fires calls (`concurrency` at a time) and management writes until `stopped()`; answers once
 * every one of them has ended (after the kill, they all fail fast).
 */
export async function burst(actors: Actors, ledger: Ledger, round: number, stopped: () => boolean, concurrency = 10): Promise<void> {
  const { origin, root, caller, callKeys, codes } = actors;
  const calls = async (worker: number) => {
    for (let i = 0; !stopped(); i++) {
      ledger.calls.push(await call(origin, callKeys[(worker + i) % callKeys.length]!, CRASH_FAMILIES[(worker + i) % CRASH_FAMILIES.length]!));
    }
  };
  const write = async (send: () => Promise<{ json?: any }>, acked: () => void) => {
    ledger.writes.sent++;
    const answer = await send().catch(() => undefined);
    if (answer?.json?.success) {
      ledger.writes.acked++;
      acked();
    }
    return Boolean(answer?.json?.success);
  };
  const newKeys = async () => {
    for (let i = 0; !stopped(); i++) {
      const name = `crash-r${round}-${i}`;
      const quota = 1_000 + i;
      ledger.unsure.add(name);
      await write(() => caller.call('POST', '/api/token/', { name, unlimited_quota: false, remain_quota: quota }), () => {
        ledger.unsure.delete(name);
        ledger.keys.set(name, quota);
      });
    }
  };
  const settings = async () => {
    while (!stopped()) {
      const value = ++ledger.setting.sent;
      await write(() => root.call('PUT', '/api/option', { values: { site_name: `crash ${value}` } }), () => void (ledger.setting.acked = value));
    }
  };
  const redemptions = async () => {
    for (const { code, quota } of codes) {
      if (stopped()) return;
      await write(() => caller.call('POST', '/api/user/topup', { key: code }), () => void ledger.redeemed.add(quota));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all([...Array.from({ length: concurrency }, (_, n) => calls(n)), newKeys(), settings(), redemptions()]);
}
