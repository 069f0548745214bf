// The secret sweep's search (secret-scan.ts, run by secret-sweep-setup.ts after the whole suite):
// secrets planted in each kind of place it searches are found and fail the run; a record whose
// places hold none passes. The record here is the test's own folder, not the suite's; the last
// test checks that the suite's record gets every answer of a relay's API (sweep-relay-answers.ts).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import OpenAI from 'openai';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { startTestRelay } from '../helpers/relay.js';
import { RECORD_FILE, type SweepEntry } from '../helpers/secret-sweep.js';
import { freshDatabase, freshRedisPrefix } from '../helpers/server-db.js';
import { removeRecorded, scanRecorded } from './secret-scan.js';
import { sweepFailure, sweepFigure } from './secret-sweep-setup.js';

async function recordIn(folder: string, entries: SweepEntry[]) {
  await writeFile(join(folder, RECORD_FILE), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
}

describe('the secret sweep', () => {
  it('finds a secret planted in a data folder, a database, a Redis key, a process output or an answer, and fails the run', async () => {
    const sweep = await mkdtemp(join(tmpdir(), 'relaydesk-sweep-test-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'relaydesk-sweep-data-'));
    // Its database and Redis keys are the suite's too: the suite's sweep searches (none of its secrets are planted) and removes them.
    onTestFinished(() => Promise.all([sweep, dataDir].map((dir) => rm(dir, { recursive: true, force: true }))).then(() => undefined));
    const databaseUrl = await freshDatabase();
    const redis = freshRedisPrefix();
    const secrets = { folder: 'sk-planted-in-a-file-0001', database: 'planted-password-0002', redis: 'whsec_planted_0003', output: 'planted-totp-seed-0004', answer: 'sk-planted-answer-0005', nowhere: 'never-written-anywhere-0006' };
    await mkdir(join(dataDir, 'logs'));
    await writeFile(join(dataDir, 'logs', 'relay.log'), `line one\ncalled with ${secrets.folder}\n`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('CREATE TABLE users (name text, note text)');
    await db.query('INSERT INTO users VALUES ($1, $2)', ['sam', `password was ${secrets.database}`]);
    await db.end();
    const client = new Redis(redis.url);
    await client.hset(`${redis.prefix}session`, 'secret', secrets.redis);
    client.disconnect();
    await writeFile(join(sweep, 'output-1-1-crash-relay.txt'), `ready\nwarn: ${secrets.output}\n`);
    await writeFile(join(sweep, 'answers-1.txt'), `GET /api/token/ 200\n{"key":"${secrets.answer}"}\n`);
    await recordIn(sweep, [
      ...Object.entries(secrets).map(([where, value]) => ({ secret: `planted in ${where}`, value })),
      { place: { kind: 'folder', path: dataDir } },
      { place: { kind: 'database', url: databaseUrl } },
      { place: { kind: 'redis', url: redis.url, prefix: redis.prefix } },
    ]);

    const result = await scanRecorded(sweep);
    expect(result.searched).toEqual({ folders: 1, databases: 1, 'Redis prefixes': 1, outputs: 1, 'answer files': 1 });
    expect(result.secrets).toBe(6);
    expect(result.found.map((f) => f.split(' in /')[0]).sort()).toEqual(['planted in answer', 'planted in database', 'planted in folder', 'planted in output', 'planted in redis']);
    expect(result.found.find((f) => f.startsWith('planted in folder'))).toContain(join(dataDir, 'logs', 'relay.log'));
    expect(sweepFailure(result)?.message).toMatch(/^The secret sweep found 5 secrets where none may be:\nplanted in/);
    expect(sweepFigure(result)).toMatchObject({ cases: 6, held: expect.stringMatching(/: 5 found$/) });
  });

  it('passes when the places hold none of the secrets, and removes them after', async () => {
    const sweep = await mkdtemp(join(tmpdir(), 'relaydesk-sweep-test-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'relaydesk-sweep-data-'));
    await writeFile(join(dataDir, 'state.json'), '{"users":[{"name":"sam","password":"scrypt$…"}]}');
    await writeFile(join(sweep, 'output-1-1-relay-log.txt'), 'Relay API: http://127.0.0.1:1234/v1\n');
    await recordIn(sweep, [{ secret: 'password', value: 'sam-password-1' }, { place: { kind: 'folder', path: dataDir } }]);
    const result = await scanRecorded(sweep);
    expect(result).toMatchObject({ secrets: 1, kinds: ['password'], found: [] });
    expect(sweepFailure(result)).toBeUndefined();
    await removeRecorded(sweep);
    expect([existsSync(dataDir), existsSync(sweep)]).toEqual([false, false]);
  });

  it('is on for this project: the suite records in a folder of its own', () => {
    expect(inject('secretSweep')).toMatch(/relaydesk-secret-sweep-/);
  });

  it("keeps for it every answer of a relay's API that a scenario fetched, by plain fetch or an official SDK, and no management answer", async () => {
    const relay = await startTestRelay();
    const answers = join(inject('secretSweep')!, `answers-${process.pid}.txt`);
    const kept = () => readFile(answers, 'utf8').catch(() => '');
    const plain = await fetch(`${relay.origin}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-not-a-key' }, body: '{}' });
    expect(plain.status).toBe(401);
    const plainText = await plain.text();
    const sdkError = await new OpenAI({ baseURL: `${relay.origin}/v1`, apiKey: 'sk-not-a-key-either', maxRetries: 0 }).models.list().catch((error: unknown) => error);
    expect(sdkError).toBeInstanceOf(OpenAI.AuthenticationError);
    const status = await fetch(`${relay.origin}/api/status`);
    await status.text();
    for (const id of [plain.headers.get('x-request-id'), (sdkError as InstanceType<typeof OpenAI.AuthenticationError>).requestID]) {
      await expect.poll(kept).toContain(`x-request-id: ${id}`);
    }
    expect(await kept()).toContain(plainText);
    expect(await kept()).not.toContain(`x-request-id: ${status.headers.get('x-request-id')}`);
  });
});
