// Calls and checks the fault scenarios share: a raw call in any protocol, the call records of a
// model (with their retry chains), and the key's standing from /v1/usage.
import { expect } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import type { ApiClient } from '../helpers/relay.js';

export interface Called {
  status: number;
  text: string;
  ms: number;
  /** The relay's X-Request-Id: the call's record carries it. */
  requestId: string | null;
}

/** `body`: JSON, or a form sent as multipart (fetch sets its boundary). */
export async function callRelay(origin: string, key: string, path: string, body: unknown): Promise<Called> {
  const started = Date.now();
  const form = body instanceof FormData;
  try {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, text: await response.text(), ms: Date.now() - started, requestId: response.headers.get('x-request-id') };
  } catch (error) {
    // A cut connection (or no answer in 30 s) is what must never happen: status 0.
    return { status: 0, text: String((error as Error).cause ?? error), ms: Date.now() - started, requestId: null };
  }
}

/** The call records of one model, oldest first (the admin's view, with retry chains); waits up to 3 s for `expected`. */
export async function recordsOf(root: ApiClient, model: string, expected = 0): Promise<any[]> {
  for (let waited = 0; ; waited += 100) {
    const listed = await root.call('GET', `/api/log/?page_size=100&model=${encodeURIComponent(model)}`);
    expect(listed.json.success, listed.text).toBe(true);
    const records = (listed.json.data.items as any[]).filter((r) => r.type === 2 || r.type === 5).reverse();
    if (records.length >= expected || waited >= 3_000) return records;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The records of `calls`, in their order, by request id: a record is written when its call
 * settles (a video task's when the task ends), so the log's order need not be the calls'.
 */
export async function recordsOfCalls(root: ApiClient, model: string, calls: Called[]): Promise<any[]> {
  const records = await recordsOf(root, model, calls.length);
  return calls.map((call) => records.find((record) => call.requestId !== null && record.request_id === call.requestId));
}

/**
 * The text a streamed answer delivered, whatever its protocol: every string under `content`,
 * `text` or `delta` in its events' JSON (chat deltas, Messages text deltas, Gemini parts,
 * Responses output deltas); errors and Responses' snapshots of the whole response left out.
 */
export function deliveredText(stream: string): string {
  const texts: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (['content', 'text', 'delta'].includes(key)) texts.push(value);
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'error' && k !== 'response') walk(v, k);
  };
  for (const line of stream.split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      walk(JSON.parse(line.slice(5)));
    } catch {
      // [DONE] and the like
    }
  }
  return texts.join('');
}

/** Every call record (type 2 consume, 5 error) of the relay. */
export async function allCallRecords(root: ApiClient): Promise<any[]> {
  const records: any[] = [];
  for (let page = 1; ; page++) {
    const listed = (await root.call('GET', `/api/log/?page_size=100&p=${page}`)).json.data;
    records.push(...(listed.items as any[]).filter((r) => r.type === 2 || r.type === 5));
    if (page * 100 >= listed.total) return records;
  }
}

export interface KeyStanding {
  granted: number;
  used: number;
  held: number;
  left: number;
  requests: number;
}

export async function keyStanding(origin: string, key: string): Promise<KeyStanding> {
  const response = await fetch(`${origin}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
  const usage = (await response.json()) as any;
  expect(response.status, JSON.stringify(usage)).toBe(200);
  const q = (amount: { quota: number } | null) => amount?.quota ?? 0;
  return { granted: q(usage.key.granted), used: q(usage.key.used), held: q(usage.key.held), left: q(usage.key.left), requests: usage.key.requests };
}

/**
 * The key's standing once its calls are settled: a call is settled just after its answer ends
 * (some ms later on PostgreSQL), so this waits up to 5 s for nothing held (/v1/usage allows 30 a minute).
 */
export async function settledStanding(origin: string, key: string): Promise<KeyStanding> {
  const since = Date.now();
  for (;;) {
    const standing = await keyStanding(origin, key);
    if ((standing.held === 0 && standing.used > 0) || Date.now() - since > 5_000) return standing;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A limited key of the signed-in user. */
export async function limitedKey(client: ApiClient, name: string, quota: number): Promise<string> {
  const created = await client.call('POST', '/api/token/', { name, remain_quota: quota, unlimited_quota: false });
  expect(created.json.success, created.text).toBe(true);
  return created.json.data.key as string;
}

export const asUpstream = (url: string) => ({ url }) as FakeUpstream;

/** Gives `model` a token price (ratio 1, completions 2×) and the family's other prices, so every call costs quota. */
export async function priceModel(root: ApiClient, model: string, price: Record<string, unknown> = {}): Promise<void> {
  const priced = await root.call('POST', '/api/models/meta', { name: model, model_ratio: 1, completion_ratio: 2, ...price });
  expect(priced.json.success, priced.text).toBe(true);
}
