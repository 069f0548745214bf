// `npm run relaydesk -- migrate --to postgres://…` as an operator runs it: a real embedded
// relay used and stopped, its data folder copied into a real PostgreSQL, then read back
// through the server ports (PostgreSQL + Redis) and compared with what the embedded stores
// answer; the data folder byte for byte as it was.
import { randomBytes } from 'node:crypto';
import { appendFile, cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSecretKey } from '../../../relay/secrets/secret-key.js';
import { openEncryptedFileSecretStore } from '../../../relay/secrets/encrypted-file-store.js';
import { openSqlSecretStore } from '../../../relay/secrets/sql-secret-store.js';
import { secretNameOfOption } from '../../../relay/settings.js';
import { openLogStore } from '../../../relay/store/logs/index.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import { createPostgresSecretRows } from '../../../relay/store/postgres/secret-rows.js';
import type { State } from '../../../relay/store/schema.js';
import { openServerPorts } from '../../../relay/store/server-ports.js';
import { openStatsStore } from '../../../relay/store/stats/index.js';
import type { StatsRow } from '../../../relay/store/stats/index.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { runRelaydeskCli } from '../../helpers/run-cli.js';
import { freshDatabase, freshRedisPrefix } from '../../helpers/server-db.js';
import { tempDir } from '../../helpers/temp-dir.js';

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.allSettled(closing.splice(0).map((close) => close()));
});

const UPSTREAM_KEYS = ['sk-upstream-a-5c1e', 'sk-upstream-b-93fd'];
const PROXY = 'http://proxyuser:proxy-pass-9z7@127.0.0.1:9';
const SMTP_PASSWORD = 'smtp-secret-4b2a';

/** A used embedded install, stopped: users, keys, channels (keys, a proxy password), a supplier, a model, settings, calls logged. */
async function usedInstall(): Promise<{ dataDir: string; keys: string[]; channelIds: number[] }> {
  const upstream: FakeUpstream = await startFakeOpenAIChat({ apiKeys: UPSTREAM_KEYS });
  closing.push(() => upstream.close());
  const relay = await startTestRelay();
  const admin = await setupAndLogin(relay);
  const channelIds = [
    await addChannel(admin, { type: 1, upstream, models: ['gpt-4o-mini'], key: UPSTREAM_KEYS.join('\n'), name: 'main' }),
    await addChannel(admin, { type: 1, upstream, models: ['behind-proxy'], name: 'proxied', extra: { proxy: PROXY } }),
  ];
  const ok = (answer: { json?: { success?: boolean }; text: string }) => expect(answer.json?.success, answer.text).toBe(true);
  ok(await admin.call('POST', '/api/vendors', { name: 'OpenAI' }));
  ok(await admin.call('POST', '/api/models/meta', { name: 'gpt-4o-mini', model_ratio: 0.5, supplier_id: 1 }));
  ok(await admin.call('PUT', '/api/option', { values: { retry_times: 4, log_retention_days: 30 } }));
  ok(await admin.call('PUT', '/api/option', { key: 'smtp_password', value: SMTP_PASSWORD }));
  const keys: string[] = [];
  for (const token of [{ name: 'unlimited', unlimited_quota: true }, { name: 'limited', unlimited_quota: false, remain_quota: 400_000 }]) {
    const created = await admin.call('POST', '/api/token/', token);
    ok(created);
    keys.push(created.json.data.key);
  }
  const chat = (key: string) =>
    fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'repeat 7' }] }),
    });
  for (const key of [keys[0]!, keys[1]!, keys[1]!]) expect((await chat(key)).status).toBe(200);
  upstream.inject({ kind: 'status', status: 400, body: { error: { message: 'bad request upstream' } } });
  expect((await chat(keys[0]!)).status).toBe(400);
  await relay.close();
  await seedUsers(relay.dataDir, [{ username: 'bea' }, { username: 'cy', role: 10 }]);
  return { dataDir: relay.dataDir, keys, channelIds };
}

/** Every file under `dir` with its bytes. */
async function treeSnapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files[path.slice(dir.length)] = (await readFile(path)).toString('base64');
    }
  }
  return files;
}

const statsKey = (row: StatsRow) => `${row.hour}/${row.user_id}/${row.token_id}/${row.channel_id}/${row.family}/${row.model}`;
const byKey = (rows: StatsRow[]) => [...rows].sort((a, b) => (statsKey(a) < statsKey(b) ? -1 : 1));

describe('migrate command', () => {
  it('copies a used embedded install into PostgreSQL, which then answers the same records, keys, logs and statistics; the data folder is untouched', async () => {
    const { dataDir, keys, channelIds } = await usedInstall();
    const state = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8')) as State;
    const hex = randomBytes(32).toString('hex');
    const url = new URL(await freshDatabase());
    url.username = 'postgres';
    url.password = 'db-password-never-printed';
    const before = await treeSnapshot(dataDir);

    const result = await runRelaydeskCli(['migrate', '--to', url.toString(), '--data-dir', dataDir], { RELAYDESK_SECRET_KEY: hex });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/users\s+3\s+3\s+count, sums of quota, used_quota, request_count/);
    expect(result.stdout).toMatch(/API keys\s+2\s+2\s+count, sums of remain_quota, used_quota, request_count/);
    // The upstream keys of two channels, a proxy's password and the SMTP password.
    expect(result.stdout).toMatch(/secrets\s+4\s+4\s+count, each read back and equal/);
    const logged = Number(/request logs\s+(\d+)\s+\1\s+count, sum of quota/.exec(result.stdout)?.[1]);
    expect(result.stdout).toMatch(/hourly statistics\s+(\d+)\s+\1\s+count, every row equal/);
    for (const secret of [...UPSTREAM_KEYS, 'proxy-pass-9z7', SMTP_PASSWORD, hex, url.password, ...keys]) expect(result.stdout).not.toContain(secret);
    expect(await treeSnapshot(dataDir)).toEqual(before);

    // The embedded stores' own answers, from a copy (opening them may tidy files).
    const copy = await tempDir();
    await cp(dataDir, copy, { recursive: true });
    const embeddedLogs = await openLogStore({ dir: join(copy, 'logs') });
    const embeddedStats = await openStatsStore({ dir: join(copy, 'stats') });
    const embeddedSecrets = await openEncryptedFileSecretStore(copy);
    closing.push(() => embeddedLogs.close(), () => embeddedStats.close());

    const key = parseSecretKey(hex, 'test');
    const redis = freshRedisPrefix();
    const ports = await openServerPorts({ databaseUrl: url.toString(), redisUrl: redis.url, redisPrefix: redis.prefix, secrets: (db) => openSqlSecretStore(createPostgresSecretRows(db), key) });
    closing.push(() => ports.close());

    // Optional record fields absent from the state file read as their column defaults.
    const limited = <T extends object>(records: T[]) => records.map((record) => ({ limits: {}, ...record }));
    expect((await ports.users.list({ page: 1, pageSize: 50 })).items.reverse()).toEqual(limited(state.users).map((user) => ({ language: '', ...user })));
    expect(await ports.tokens.list()).toEqual(limited(state.tokens));
    for (const [index, apiKey] of keys.entries()) {
      expect((await ports.tokens.byKey(apiKey))?.id).toBe(state.tokens[index]!.id);
      expect(ports.catalog.tokenByKey(apiKey)?.id).toBe(state.tokens[index]!.id);
    }
    expect(await ports.channels.list()).toEqual(state.channels.map((c) => ({ ...c, balance_updated_at: c.balance_updated_at ?? null })));
    expect(await ports.channels.keys(channelIds[0]!)).toEqual(UPSTREAM_KEYS);
    expect(await ports.channels.proxyUrl((await ports.channels.get(channelIds[1]!))!)).toBe(PROXY);
    expect(await ports.groups.list()).toEqual(limited(state.groups));
    expect(await ports.suppliers.list()).toEqual(state.suppliers);
    expect(await ports.models.list()).toEqual(limited(state.models));
    expect(await ports.settings.all()).toEqual(state.options);
    const sqlSecrets = await openSqlSecretStore(createPostgresSecretRows(new PostgresClient(url.toString())), key);
    expect((await sqlSecrets.list()).sort()).toEqual((await embeddedSecrets.list()).sort());
    expect(await sqlSecrets.get(secretNameOfOption('smtp_password'))).toBe(SMTP_PASSWORD);

    const page = { page: 1, page_size: 50 };
    const embeddedPage = await embeddedLogs.query(page);
    expect(embeddedPage.total).toBe(logged);
    expect(embeddedPage.items.filter((r) => r.type === 2 || r.type === 5)).toHaveLength(4);
    expect(await ports.logs.query(page)).toEqual(embeddedPage);
    expect(await ports.logs.query({ ...page, token_id: state.tokens[1]!.id })).toEqual(await embeddedLogs.query({ ...page, token_id: state.tokens[1]!.id }));
    const embeddedRows = await embeddedStats.query({});
    expect(embeddedRows.length).toBeGreaterThan(0);
    expect(byKey(await ports.stats.query({}))).toEqual(byKey(embeddedRows));

    // New records continue after the copied ids.
    const newUser = await ports.users.create({ username: 'dee', password_hash: 'h', role: 1 });
    expect(newUser!.id).toBe(Math.max(...state.users.map((u) => u.id), state.next_ids.user - 1) + 1);
    const newKey = await ports.tokens.create({ user_id: newUser!.id, name: 'new' });
    expect(newKey.record.id).toBeGreaterThan(Math.max(...state.tokens.map((t) => t.id)));
    const newLog = ports.logs.append({ type: 3, content: 'after the move' });
    expect(newLog.id).toBeGreaterThan(Math.max(...embeddedPage.items.map((r) => r.id)));
  });

  it('copies open reservations and video tasks, and the quota they hold', async () => {
    const { dataDir } = await usedInstall();
    const file = join(dataDir, 'state.json');
    const state = JSON.parse(await readFile(file, 'utf8')) as State;
    const call = { type: 2, user_id: 1, token_id: state.tokens[0]!.id, model: 'sora-2', created_at: Date.now() };
    const reservation = state.ledger_seq + 1;
    state.ledger_seq = reservation;
    state.open_reservations[reservation] = { user_id: 1, token_id: call.token_id, amount: 1234, token_limited: false, created_at: call.created_at, call };
    state.video_tasks.push({
      id: 'video_abc', user_id: 1, token_id: call.token_id, channel_id: state.channels[0]!.id, key_index: 0, upstream_id: 'up-1', model: 'sora-2', upstream_model: 'sora-2',
      seconds: '4', size: '', status: 'in_progress', progress: 10, error: null, created_at: call.created_at, finished_at: 0, expires_at: 0, reservation_id: reservation,
      billing: 'open', price: null, group_ratio: 1, log: call,
    });
    await writeFile(file, JSON.stringify(state));
    const url = await freshDatabase();
    const result = await runRelaydeskCli(['migrate', '--to', url, '--data-dir', dataDir], { RELAYDESK_SECRET_KEY: randomBytes(32).toString('hex') });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/open reservations\s+1\s+1\s+count, sums of amount/);
    expect(result.stdout).toMatch(/video tasks\s+1\s+1/);
    const db = new PostgresClient(url);
    closing.push(() => db.close());
    expect((await db.query('SELECT id, amount, holder, call FROM quota_reservations')).rows).toEqual([{ id: reservation, amount: 1234, holder: '', call }]);
    expect((await db.query(`SELECT reservation_id, billing, log FROM video_tasks`)).rows).toEqual([{ reservation_id: reservation, billing: 'open', log: call }]);
    // The next reservation id continues after the state's journal position.
    expect((await db.query(`SELECT nextval(pg_get_serial_sequence('quota_reservations', 'id')) AS id`)).rows[0]!.id).toBe(reservation + 1);
  });

  it('refuses a database that holds records, a running relay, a missing secret key and an unclean stop; a failed copy leaves the database empty', async () => {
    const { dataDir } = await usedInstall();
    const hex = randomBytes(32).toString('hex');
    const url = await freshDatabase();
    const db = new PostgresClient(url);
    closing.push(() => db.close());
    const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    const migrateTo = (to: string, env: Record<string, string> = { RELAYDESK_SECRET_KEY: hex }) => runRelaydeskCli(['migrate', '--to', to, '--data-dir', dataDir], env);

    // No key: refused before the database is touched.
    const noKey = await migrateTo(url, {});
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('RELAYDESK_SECRET_KEY');
    expect((await db.query(`SELECT to_regclass('users') AS t`)).rows[0]!.t).toBeNull();

    // A copy that fails half-way (two users of one name) is rolled back whole.
    const file = join(dataDir, 'state.json');
    const original = await readFile(file, 'utf8');
    const broken = JSON.parse(original) as State;
    broken.users.push({ ...broken.users[0]!, id: 99 });
    await writeFile(file, JSON.stringify(broken));
    const failed = await migrateTo(url);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/users_username_key[\s\S]*Nothing was committed/);
    for (const table of ['users', 'tokens', 'channels', 'secrets', 'logs', 'stats_hourly', 'settings']) expect(await count(table)).toBe(0);
    await writeFile(file, original);

    // An unclean stop: the journal holds a change the state lacks.
    const state = JSON.parse(original) as State;
    await appendFile(join(dataDir, 'quota-journal.jsonl'), `${JSON.stringify({ seq: state.ledger_seq + 1, op: 'refund', id: 1 })}\n`);
    const unclean = await migrateTo(url);
    expect(unclean.code).toBe(1);
    expect(unclean.stderr).toContain('did not stop cleanly');
    const journal = (await readFile(join(dataDir, 'quota-journal.jsonl'), 'utf8')).split('\n');
    await writeFile(join(dataDir, 'quota-journal.jsonl'), journal.slice(0, -2).concat('').join('\n'));

    expect((await migrateTo(url)).code).toBe(0);
    const again = await migrateTo(url);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty \(it holds 3 users, .*\d+ logs/);
    expect(await count('users')).toBe(3);

    // A relay running on the data folder.
    const running = await startTestRelay({ dataDir });
    const busy = await migrateTo(await freshDatabase());
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`A relay (pid ${process.pid}) is running on ${dataDir}`);
    await running.close();
  });
});
