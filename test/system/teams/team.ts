// A team's relay: N instances in processes of their own, on one PostgreSQL database and one
// Redis key prefix (a fresh pair per test, test/helpers/server-db.ts, unless given), each with
// its own data folder; set up through the management API of one of them. Instances can be
// killed (SIGKILL), stopped (SIGTERM: a clean close) and started again. Everything the test
// started is killed when it ends, before its database is dropped.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient, setupAndLogin } from '../../helpers/relay.js';
import { freshDatabase, freshRedisPrefix } from '../../helpers/server-db.js';
import { tempDir } from '../../helpers/temp-dir.js';

const CHILD = join(import.meta.dirname, 'instance-child.ts');
const REPO = join(import.meta.dirname, '../../..');

export interface TeamOptions {
  instances: number;
  /** Default: a fresh database on the shared test server. */
  databaseUrl?: string;
  /** Default: the shared test Redis with a fresh key prefix. */
  redis?: { url: string; prefix: string };
  videoPolling?: { firstMs: number; maxMs: number };
  /** The secret key (64 hex characters); default a new one. */
  secretKey?: string;
}

export interface Instance {
  readonly name: string;
  readonly origin: string;
  readonly relayBaseUrl: string;
  readonly child: ChildProcess;
  /** What it wrote to stderr (its warnings and errors). */
  stderr(): string;
  /** SIGKILL: no close, no flush; resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the relay's clean close; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface Team {
  instances: Instance[];
  databaseUrl: string;
  redis: { url: string; prefix: string };
  /** Starts one more instance on the same database and Redis (`redisUrl`: reached another way, e.g. through a proxy a test can cut). */
  startInstance(options?: { redisUrl?: string }): Promise<Instance>;
  /** A query on the team's database (the test's own look at the tables). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export async function startTeam(options: TeamOptions): Promise<Team> {
  const databaseUrl = options.databaseUrl ?? (await freshDatabase());
  const redis = options.redis ?? freshRedisPrefix();
  const secretKey = options.secretKey ?? randomBytes(32).toString('hex');
  const children: ChildProcess[] = [];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {}); // a test restarting PostgreSQL drops idle connections
  // Registered after the database and prefix: runs before they are dropped.
  const told: string[] = [];
  onTestFinished(async ({ task }) => {
    // A failed test shows what its instances said and how they ended.
    if (task.result?.state === 'fail') {
      children.forEach((child, i) => console.error(`instance ${i + 1} (${child.exitCode ?? child.signalCode ?? 'running'}):\n${told[i]!.slice(-3000)}`));
    }
    await Promise.all(children.map((child) => killed(child)));
    await db.end();
  });
  let count = 0;
  const startInstance = async ({ redisUrl = redis.url }: { redisUrl?: string } = {}): Promise<Instance> => {
    const name = `instance ${++count}`;
    const config = { dataDir: await tempDir('relaydesk-team-'), server: { databaseUrl, redisUrl, redisPrefix: redis.prefix }, videoPolling: options.videoPolling };
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(config)], {
      cwd: REPO,
      env: { ...process.env, RELAYDESK_SECRET_KEY: secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const index = children.push(child) - 1;
    told[index] = '';
    child.stderr!.on('data', (chunk: Buffer) => void (told[index] += chunk.toString()));
    const stderr = () => told[index]!;
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /ready (\S+) (\S+)\n/.exec(out);
        if (ready?.[2] === 'server') resolve(ready[1]!);
        else if (ready) reject(new Error(`${name} started in ${ready[2]} mode, not server mode`));
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${stderr().slice(-4000)}`)));
      setTimeout(() => reject(new Error(`${name} not ready after 60 s:\n${stderr().slice(-4000)}`)), 60_000).unref();
    });
    await waitForStatus(origin);
    return {
      name,
      origin,
      relayBaseUrl: `${origin}/v1`,
      child,
      stderr,
      kill: () => killed(child),
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
  };
  const instances = await Promise.all(Array.from({ length: options.instances }, () => startInstance()));
  return {
    instances,
    databaseUrl,
    redis,
    startInstance,
    sql: async <T,>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[],
  };
}

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function waitForStatus(origin: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await fetch(`${origin}/api/status`).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${origin}/api/status did not answer 200 within 30 s (last: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The fake OpenAI upstream taking the key the team's channel sends (options: slow streams, videos); closed when the test ends. */
export async function fakeOpenAI(options: Omit<NonNullable<Parameters<typeof startFakeOpenAIChat>[0]>, 'apiKey'> = {}): Promise<FakeUpstream> {
  const upstream = await startFakeOpenAIChat({ ...options, apiKey: 'upstream-key' });
  onTestFinished(() => upstream.close());
  return upstream;
}

export const OWNER = { username: 'owner', password: 'correct horse battery' };

export interface TeamSetup {
  /** The owner signed in on the first instance. */
  admin: ApiClient;
  channelId: number;
  /** The API key made for the test, and its record's id. */
  key: string;
  tokenId: number;
  userId: number;
}

/**
 * Through the first instance's management API: the owner's setup and sign-in, an OpenAI
 * channel to `upstream` serving `models`, and an API key (`token`: its fields, e.g. a limited
 * remain_quota).
 */
export async function setUpTeam(team: Team, upstream: FakeUpstream, models: string[], token: Record<string, unknown> = { unlimited_quota: true }): Promise<TeamSetup> {
  const admin = await setupAndLogin(team.instances[0]!, OWNER.username, OWNER.password);
  const channelId = await addChannel(admin, { type: 1, upstream, models, name: 'openai fake' });
  const created = await admin.call('POST', '/api/token/', { name: 'team key', ...token });
  if (!created.json?.success) throw new Error(`key creation failed: ${created.text}`);
  const self = await admin.call('GET', '/api/user/self');
  // Every instance knows the key before the test uses it (others within a second: the change feed).
  for (const instance of team.instances) await knowsKey(instance, created.json.data.key);
  return { admin, channelId, key: created.json.data.key, tokenId: created.json.data.id, userId: self.json.data.id };
}

/** Waits (up to 2 s) until the instance accepts the key: GET /v1/models answers 200. */
export async function knowsKey(instance: Pick<Instance, 'relayBaseUrl'>, key: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const status = (await fetch(`${instance.relayBaseUrl}/models`, { headers: { authorization: `Bearer ${key}` } })).status;
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${instance.relayBaseUrl} still refuses the new key after 2 s (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Signs in on an instance; answers the client holding its session cookie. */
export async function signIn(origin: string, username = OWNER.username, password = OWNER.password): Promise<ApiClient> {
  const client = new ApiClient(origin);
  const login = await client.call('POST', '/api/user/login', { username, password });
  if (!login.json?.success) throw new Error(`login on ${origin} failed: ${login.text}`);
  return client;
}

export interface ChatResult {
  status: number;
  requestId: string | null;
  /** The whole answer reached the client: 200, and for a stream its [DONE]. */
  answered: boolean;
  /** The JSON error object of a refusal. */
  error?: { message?: string; type?: string; code?: string };
  /** A connection cut before the answer's end (a killed instance). */
  cut: boolean;
  instance: string;
}

/** One chat call to an instance: `repeat <words>` answered by the fake, streamed or not. */
export async function chat(instance: Pick<Instance, 'origin' | 'name'>, key: string, options: { stream?: boolean; model?: string; words?: number; maxTokens?: number } = {}): Promise<ChatResult> {
  const stream = options.stream ?? false;
  let status = 0;
  let requestId: string | null = null;
  try {
    const response = await fetch(`${instance.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: options.model ?? 'gpt-4o',
        stream,
        max_tokens: options.maxTokens ?? 40,
        messages: [{ role: 'user', content: `repeat ${options.words ?? 10}` }],
      }),
    });
    status = response.status;
    requestId = response.headers.get('x-request-id');
    const text = await response.text();
    if (status !== 200) {
      const error = (JSON.parse(text) as { error?: ChatResult['error'] }).error;
      return { status, requestId, answered: false, error, cut: false, instance: instance.name };
    }
    const answered = stream ? text.includes('data: [DONE]') : Boolean((JSON.parse(text) as { choices?: unknown[] }).choices?.length);
    return { status, requestId, answered, cut: !answered, instance: instance.name };
  } catch {
    return { status, requestId, answered: false, cut: true, instance: instance.name };
  }
}

/** Runs `total` tasks, `concurrency` at a time; answers their results in start order. */
export async function burst<T>(total: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** The key's and the account's quota as /v1/usage answers them (live, from the ledger); an unlimited key's granted and left are undefined. */
export async function usage(instance: Pick<Instance, 'relayBaseUrl'>, key: string) {
  const response = await fetch(`${instance.relayBaseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`/v1/usage answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as any;
  const part = (p: any) => ({ granted: p.granted?.quota as number, used: p.used.quota as number, held: p.held.quota as number, left: p.left?.quota as number, requests: p.requests as number });
  return { key: part(body.key), account: part(body.account) };
}

/** The call records in the logs table: request id, type, quota, key and user. */
export async function callLogs(team: Team): Promise<Array<{ request_id: string; type: number; quota: number; token_id: number; user_id: number; error: string }>> {
  const rows = await team.sql<{ request_id: string; type: number; quota: string; token_id: string; user_id: string; error: string }>(
    "SELECT request_id, type, quota, token_id, user_id, error FROM logs WHERE request_id <> '' AND type IN (2, 5)",
  );
  return rows.map((r) => ({ ...r, quota: Number(r.quota), token_id: Number(r.token_id), user_id: Number(r.user_id) }));
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
