// A relay killed with SIGKILL in the middle of its traffic loses no quota: after the next start
// every key's and user's quota given equals what is left plus what was used, the counters
// equal the sums of their consume records, and every answered call is logged exactly once
// (a call cut short is refunded and logged as such).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { addChannel } from '../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../helpers/relay.js';
import { tempDir } from '../helpers/temp-dir.js';

const childScript = join(import.meta.dirname, '../fixtures/relay-child.ts');
const upstreams: FakeUpstream[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

function startChild(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)\n/.exec(out);
      if (ready) resolve({ child, origin: ready[1]! });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the relay child exited (${code}) before it was ready`)));
  });
}

async function createKey(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const created = await client.call('POST', '/api/token/', body);
  if (!created.json?.success) throw new Error(created.text);
  return created.json.data.key;
}

/** One call; answers its request id and whether the client got the whole answer. */
async function call(origin: string, key: string, stream: boolean): Promise<{ id: string | null; answered: boolean }> {
  let id: string | null = null;
  try {
    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream, max_tokens: 200, messages: [{ role: 'user', content: 'repeat 30' }] }),
    });
    id = response.headers.get('x-request-id');
    const text = await response.text();
    return { id, answered: response.status === 200 && (!stream || text.includes('[DONE]')) };
  } catch {
    return { id, answered: false };
  }
}

const sum = (records: any[], field: string) => records.reduce((total, r) => total + r[field], 0);

describe('a relay killed mid-burst', () => {
  it('loses no quota and no call log: after the restart the counters, the quota given and the logs agree', async () => {
    const upstream = await startFakeOpenAIChat({ chunkDelayMs: 15 });
    upstreams.push(upstream);
    const dataDir = await tempDir();

    // Two users, each with a limited and an unlimited key.
    const first = await startTestRelay({ dataDir });
    await setupAndLogin(first);
    await first.close();
    await seedUsers(dataDir, [{ username: 'ann' }]);
    const setup = await startTestRelay({ dataDir });
    const owner = await setupAndLoginAs(setup.origin, 'owner', 'correct horse battery');
    await addChannel(owner, { type: 1, upstream, models: ['gpt-4o-mini'] });
    const ann = await setupAndLoginAs(setup.origin, 'ann', 'ann-password-1');
    const keys = [
      await createKey(owner, { name: 'owner limited', remain_quota: 300_000 }),
      await createKey(owner, { name: 'owner unlimited', unlimited_quota: true }),
      await createKey(ann, { name: 'ann limited', remain_quota: 200_000 }),
      await createKey(ann, { name: 'ann unlimited', unlimited_quota: true }),
    ];
    await setup.close();
    const given = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8'));

    const { child, origin } = await startChild(dataDir);
    const results: { id: string | null; answered: boolean }[] = [];
    let killed = false;
    const worker = async (n: number) => {
      for (let i = 0; !killed; i++) {
        if ((n + i) % 7 === 0) upstream.inject({ kind: 'status', status: 400, body: { error: { message: 'refused upstream' } }, times: 1 });
        const result = await call(origin, keys[(n + i) % keys.length]!, (n + i) % 3 !== 0);
        results.push(result);
        if (!killed && results.filter((r) => r.answered).length >= 40) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, (_, n) => worker(n)));
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));

    // The next start reconciles; its close writes everything.
    const restarted = await startTestRelay({ dataDir });
    await restarted.close();
    const state = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8'));
    const records = await readCallLogs(dataDir);
    const consumed = records.filter((r) => r.type === 2);

    expect(state.open_reservations).toEqual({});
    for (const token of state.tokens) {
      const before = given.tokens.find((t: any) => t.id === token.id);
      const mine = consumed.filter((r) => r.token_id === token.id);
      expect(token.used_quota, token.name).toBe(sum(mine, 'quota'));
      expect(token.request_count, token.name).toBe(mine.length);
      if (!token.unlimited_quota) expect(token.remain_quota + token.used_quota, token.name).toBe(before.remain_quota);
    }
    for (const user of state.users) {
      const before = given.users.find((u: any) => u.id === user.id);
      const mine = consumed.filter((r) => r.user_id === user.id);
      expect(user.used_quota, user.username).toBe(sum(mine, 'quota'));
      expect(user.request_count, user.username).toBe(mine.length);
      expect(user.quota + user.used_quota, user.username).toBe(before.quota);
    }

    // Every call logged at most once; every answered call exactly once (served, or refunded).
    const byRequest = new Map<string, number>();
    for (const r of records) byRequest.set(r.request_id, (byRequest.get(r.request_id) ?? 0) + 1);
    expect([...byRequest.values()].every((n) => n === 1)).toBe(true);
    for (const result of results.filter((r) => r.answered)) expect(byRequest.get(result.id!), result.id!).toBe(1);
    // The kill cut calls short: their reservations came back, each with its record.
    const refunded = records.filter((r) => r.type === 5 && /refunded/.test(r.error));
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((r) => r.quota === 0 && r.other.refunded_quota > 0)).toBe(true);
  }, 60_000);
});

async function setupAndLoginAs(origin: string, username: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(origin);
  const login = await client.call('POST', '/api/user/login', { username, password });
  if (!login.json?.success) throw new Error(`login failed: ${login.text}`);
  return client;
}
