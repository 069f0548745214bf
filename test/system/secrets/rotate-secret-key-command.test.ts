import { randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSecretKey } from '../../../relay/secrets/secret-key.js';
import { openSqlSecretStore } from '../../../relay/secrets/sql-secret-store.js';
import { migrate } from '../../../relay/store/postgres/migrations.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import { createPostgresSecretRows } from '../../../relay/store/postgres/secret-rows.js';
import { runRelaydeskCli } from '../../helpers/run-cli.js';
import { freshDatabase } from '../../helpers/server-db.js';
import { tempDir } from '../../helpers/temp-dir.js';

// `npm run relaydesk -- rotate-secret-key` as an operator runs it, on a real PostgreSQL.

const clients: PostgresClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function keyFile(hex: string, mode = 0o600): Promise<string> {
  const path = join(await tempDir(), 'new.key');
  await writeFile(path, `${hex}\n`);
  await chmod(path, mode);
  return path;
}

/** A migrated database holding two secrets sealed with `oldHex`. */
async function databaseWithSecrets(oldHex: string): Promise<{ url: string; db: PostgresClient }> {
  const url = await freshDatabase();
  const db = new PostgresClient(url);
  clients.push(db);
  await migrate(db);
  const store = await openSqlSecretStore(createPostgresSecretRows(db), parseSecretKey(oldHex, 'test'));
  await store.set('channel:1:key', 'sk-one');
  await store.set('channel:2:key', 'sk-two');
  return { url, db };
}

const keyIds = async (db: PostgresClient): Promise<string[]> => (await db.query<{ key_id: string }>('SELECT DISTINCT key_id FROM secrets')).rows.map((row) => row.key_id);

describe('rotate-secret-key command', () => {
  it('re-encrypts every secret under the new key, says so by key ids, and never prints a key', async () => {
    const oldHex = randomBytes(32).toString('hex');
    const newHex = randomBytes(32).toString('hex');
    const [oldId, newId] = [parseSecretKey(oldHex, 'x').id, parseSecretKey(newHex, 'x').id];
    const { url, db } = await databaseWithSecrets(oldHex);
    const result = await runRelaydeskCli(['rotate-secret-key', '--database-url', url, '--new-key-file', await keyFile(newHex)], { RELAYDESK_SECRET_KEY: oldHex });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Re-encrypted 2 secrets in ${db.where} from key ${oldId} to key ${newId}.`);
    expect(`${result.stdout}${result.stderr}`).not.toContain(oldHex.slice(0, 12));
    expect(`${result.stdout}${result.stderr}`).not.toContain(newHex.slice(0, 12));
    expect(await keyIds(db)).toEqual([newId]);
    const store = await openSqlSecretStore(createPostgresSecretRows(db), parseSecretKey(newHex, 'x'));
    expect([await store.get('channel:1:key'), await store.get('channel:2:key')]).toEqual(['sk-one', 'sk-two']);
  });

  it('takes the current key from --secret-key-file and the database from RELAYDESK_DATABASE_URL', async () => {
    const oldHex = randomBytes(32).toString('hex');
    const newHex = randomBytes(32).toString('hex');
    const { url, db } = await databaseWithSecrets(oldHex);
    const result = await runRelaydeskCli(['rotate-secret-key', '--secret-key-file', await keyFile(oldHex), '--new-key-file', await keyFile(newHex)], { RELAYDESK_DATABASE_URL: url });
    expect(result.code).toBe(0);
    expect(await keyIds(db)).toEqual([parseSecretKey(newHex, 'x').id]);
  });

  it('refuses a new key file others can read, a missing current key, or the wrong current key, changing nothing', async () => {
    const oldHex = randomBytes(32).toString('hex');
    const newHex = randomBytes(32).toString('hex');
    const { url, db } = await databaseWithSecrets(oldHex);
    const oldId = parseSecretKey(oldHex, 'x').id;

    const readable = await keyFile(newHex, 0o644);
    const open = await runRelaydeskCli(['rotate-secret-key', '--database-url', url, '--new-key-file', readable], { RELAYDESK_SECRET_KEY: oldHex });
    expect(open.code).toBe(1);
    expect(open.stderr).toContain(`chmod 600 ${readable}`);

    const newFile = await keyFile(newHex);
    const noKey = await runRelaydeskCli(['rotate-secret-key', '--database-url', url, '--new-key-file', newFile]);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('Set RELAYDESK_SECRET_KEY to 64 hexadecimal characters');

    const wrongHex = randomBytes(32).toString('hex');
    const wrong = await runRelaydeskCli(['rotate-secret-key', '--database-url', url, '--new-key-file', newFile], { RELAYDESK_SECRET_KEY: wrongHex });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`The secrets in the database were sealed with key ${oldId}; this start has key ${parseSecretKey(wrongHex, 'x').id}.`);

    expect(await keyIds(db)).toEqual([oldId]);
  });

  it('says so when the database has no secrets table yet, or cannot be reached', async () => {
    const oldHex = randomBytes(32).toString('hex');
    const newFile = await keyFile(randomBytes(32).toString('hex'));
    const empty = await freshDatabase();
    const result = await runRelaydeskCli(['rotate-secret-key', '--database-url', empty, '--new-key-file', newFile], { RELAYDESK_SECRET_KEY: oldHex });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/has no secrets table: no relay in server mode has started on it yet/);

    const down = await runRelaydeskCli(['rotate-secret-key', '--database-url', 'postgres://relay:hunter2@127.0.0.1:1/relaydesk', '--new-key-file', newFile], {
      RELAYDESK_SECRET_KEY: oldHex,
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('PostgreSQL at 127.0.0.1:1/relaydesk is unavailable');
    expect(down.stderr).not.toContain('hunter2');
  });
});
