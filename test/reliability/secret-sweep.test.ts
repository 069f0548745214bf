// The secret sweep's search (secret-scan.ts, run by secret-sweep-setup.ts after the whole suite):
// secrets planted in each kind of place it searches are found and fail the run; a record whose
// places hold none passes. The record here is the test's own folder, not the suite's.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
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
});
