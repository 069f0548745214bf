import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateSecretKey } from '../../../relay/secrets/rotate-secret-key.js';
import { SealedSecretError, WrongSecretKeyError, sealSecret } from '../../../relay/secrets/sealed-secret.js';
import { type SecretKey, parseSecretKey } from '../../../relay/secrets/secret-key.js';
import type { SecretRows } from '../../../relay/secrets/secret-rows.js';
import { openSqlSecretStore } from '../../../relay/secrets/sql-secret-store.js';
import { migrate } from '../../../relay/store/postgres/migrations.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import { createPostgresSecretRows } from '../../../relay/store/postgres/secret-rows.js';
import { freshDatabase } from '../../helpers/server-db.js';

// Server mode's secrets on a real PostgreSQL (test/system/servers-setup.ts): the rows, the
// store over them, and key rotation.

const newKey = (): SecretKey => parseSecretKey(randomBytes(32).toString('hex'), 'test');
const OLD = newKey();
const NEW = newKey();

const clients: PostgresClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A migrated database of this test's own; answers a connection (an "instance") and its secret rows. */
async function database(url?: string): Promise<{ url: string; db: PostgresClient; rows: SecretRows }> {
  url ??= await freshDatabase();
  const db = new PostgresClient(url);
  clients.push(db);
  await migrate(db);
  return { url, db, rows: createPostgresSecretRows(db) };
}

/** Secrets with random values, set through a store on `rows` under `key`; answers name → value. */
async function storeSome(rows: SecretRows, key: SecretKey, count: number): Promise<Map<string, string>> {
  const store = await openSqlSecretStore(rows, key);
  const values = new Map<string, string>();
  for (let i = 1; i <= count; i++) {
    const value = `sk-${randomBytes(16).toString('hex')}`;
    await store.set(`channel:${i}:key`, value);
    values.set(`channel:${i}:key`, value);
  }
  return values;
}

async function expectReadable(rows: SecretRows, key: SecretKey, values: Map<string, string>): Promise<void> {
  const store = await openSqlSecretStore(rows, key);
  expect((await store.list()).sort()).toEqual([...values.keys()].sort());
  for (const [name, value] of values) expect(await store.get(name), name).toBe(value);
}

const keyIds = async (db: PostgresClient): Promise<string[]> => (await db.query<{ key_id: string }>('SELECT DISTINCT key_id FROM secrets')).rows.map((row) => row.key_id);

/** Every file of the server's data folder (tables, WAL, logs) that holds `text`, after a checkpoint; null when the folder is out of reach. */
async function filesHolding(db: PostgresClient, texts: string[]): Promise<Map<string, string[]> | null> {
  await db.query('CHECKPOINT');
  const dataDir = (await db.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
  let files: string[];
  try {
    files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return null; // RELAYDESK_TEST_DATABASE_URL names a server on another machine
  }
  const found = new Map<string, string[]>(texts.map((text) => [text, []]));
  for (const file of files) {
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) continue;
    for (const text of texts) if (bytes.includes(text)) found.get(text)!.push(file);
  }
  return found;
}

describe('secrets in PostgreSQL', () => {
  it('stores, reads, lists and deletes, and another instance on the same database reads what one wrote', async () => {
    const one = await database();
    const two = await database(one.url);
    const store = await openSqlSecretStore(one.rows, OLD);
    expect(store.backend).toBe('database');
    await store.set('channel:1:key', 'sk-first');
    await store.set('proxy:2:password', 'p@ss: wörd');
    await store.set('channel:1:key', 'sk-replaced');
    const other = await openSqlSecretStore(two.rows, OLD);
    expect(await other.get('channel:1:key')).toBe('sk-replaced');
    expect(await other.get('proxy:2:password')).toBe('p@ss: wörd');
    expect(await other.get('missing')).toBeNull();
    expect(await other.list()).toEqual(['channel:1:key', 'proxy:2:password']);
    expect(await other.delete('channel:1:key')).toBe(true);
    expect(await other.delete('channel:1:key')).toBe(false);
    expect(await store.list()).toEqual(['proxy:2:password']);
  });

  it('keeps no plain secret anywhere in the database server: not in the table, its WAL or any other file', async () => {
    const { db, rows } = await database();
    const values = await storeSome(rows, OLD, 3);
    const plain = [...values.values()];
    const sealed = (await db.query<{ name: string; sealed: string; key_id: string }>('SELECT * FROM secrets ORDER BY name')).rows;
    expect(sealed.map((row) => row.key_id)).toEqual([OLD.id, OLD.id, OLD.id]);
    for (const row of sealed) {
      expect(row.sealed).toMatch(new RegExp(`^v1:${OLD.id}:`));
      for (const value of plain) expect(JSON.stringify(row)).not.toContain(value);
    }
    // The search sees what it looks for: a canary written in clear to another table is found.
    const canary = `canary-${randomBytes(16).toString('hex')}`;
    await db.query('CREATE TABLE canary (v text)');
    await db.query('INSERT INTO canary VALUES ($1)', [canary]);
    const found = await filesHolding(db, [canary, ...plain]);
    if (found === null) return;
    expect(found.get(canary)!.length).toBeGreaterThan(0);
    for (const value of plain) expect(found.get(value), 'files holding a plain secret').toEqual([]);
  });

  it('refuses to open with another key, naming both keys, and changes nothing', async () => {
    const { rows } = await database();
    const values = await storeSome(rows, OLD, 2);
    const refused = openSqlSecretStore(rows, NEW);
    await expect(refused).rejects.toThrow(WrongSecretKeyError);
    await expect(refused).rejects.toThrow(`The secrets in the database were sealed with key ${OLD.id}; this start has key ${NEW.id}.`);
    await expectReadable(rows, OLD, values);
  });

  it('refuses a value moved under another name in the database', async () => {
    const { db, rows } = await database();
    const store = await openSqlSecretStore(rows, OLD);
    await store.set('channel:1:key', 'sk-one');
    await store.set('channel:2:key', 'sk-two');
    await db.query("UPDATE secrets SET sealed = (SELECT sealed FROM secrets WHERE name = 'channel:2:key') WHERE name = 'channel:1:key'");
    await expect(store.get('channel:1:key')).rejects.toThrow(SealedSecretError);
    expect(await store.get('channel:2:key')).toBe('sk-two');
  });
});

describe('secret key rotation', () => {
  it('re-seals every secret under the new key; the old key no longer opens them; running it again changes nothing', async () => {
    const { db, rows } = await database();
    const values = await storeSome(rows, OLD, 5);
    expect(await rotateSecretKey(rows, OLD, NEW)).toEqual({ rotated: 5, alreadyNew: 0 });
    expect(await keyIds(db)).toEqual([NEW.id]);
    await expectReadable(rows, NEW, values);
    await expect(openSqlSecretStore(rows, OLD)).rejects.toThrow(`were sealed with key ${NEW.id}; this start has key ${OLD.id}`);
    expect(await rotateSecretKey(rows, OLD, NEW)).toEqual({ rotated: 0, alreadyNew: 5 });
    await expectReadable(rows, NEW, values);
  });

  it('refuses the same key as old and new', async () => {
    const { rows } = await database();
    await expect(rotateSecretKey(rows, OLD, OLD)).rejects.toThrow(`The new key is the current key (${OLD.id})`);
  });

  /** `rows` whose transaction runs `fault` before its nth put (1-based). */
  function failingAtPut(rows: SecretRows, n: number, fault: () => Promise<void>): SecretRows {
    return {
      ...rows,
      transaction: (work) =>
        rows.transaction((tx) => {
          let puts = 0;
          return work({
            ...tx,
            async put(name, sealed) {
              if (++puts === n) await fault();
              return tx.put(name, sealed);
            },
          });
        }),
    };
  }

  it('interrupted by a failure after some secrets were re-sealed, leaves every secret readable with the old key', async () => {
    const { db, rows } = await database();
    const values = await storeSome(rows, OLD, 5);
    const failing = failingAtPut(rows, 4, async () => {
      throw new Error('disk full');
    });
    await expect(rotateSecretKey(failing, OLD, NEW)).rejects.toThrow('disk full');
    expect(await keyIds(db)).toEqual([OLD.id]);
    await expectReadable(rows, OLD, values);
  });

  it('interrupted by the database connection dying mid-way, leaves every secret readable with the old key', async () => {
    const { url, db, rows } = await database();
    const values = await storeSome(rows, OLD, 5);
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      const failing = failingAtPut(rows, 3, async () => {
        // Ends the rotation's connection, which is inside its transaction.
        const { rows: ended } = await killer.query(
          "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'",
        );
        expect(ended).toEqual([{ ended: true }]);
      });
      await expect(rotateSecretKey(failing, OLD, NEW)).rejects.toThrow();
    } finally {
      await killer.end();
    }
    expect(await keyIds(db)).toEqual([OLD.id]);
    await expectReadable(rows, OLD, values);
  });

  it('stops at a damaged secret and rolls back what it had re-sealed', async () => {
    const { db, rows } = await database();
    const values = await storeSome(rows, OLD, 4);
    await db.query("UPDATE secrets SET sealed = regexp_replace(sealed, ':[^:]*$', ':AAAAAAAAAAAAAAAAAAAAAA==') WHERE name = 'channel:3:key'");
    await expect(rotateSecretKey(rows, OLD, NEW)).rejects.toThrow('The secret "channel:3:key" does not open');
    expect(await keyIds(db)).toEqual([OLD.id]);
    values.delete('channel:3:key');
    const store = await openSqlSecretStore(rows, OLD);
    for (const [name, value] of values) expect(await store.get(name)).toBe(value);
  });

  it('refuses a secret sealed with a third key before writing anything, naming it', async () => {
    const { db, rows } = await database();
    await storeSome(rows, OLD, 3);
    const third = newKey();
    await rows.put('stray', sealSecret(third, 'stray', 'x'));
    await expect(rotateSecretKey(rows, OLD, NEW)).rejects.toThrow(`1 of the 4 secrets in the database (stray) were sealed with key ${third.id}; this start has key ${OLD.id}`);
    expect((await keyIds(db)).sort()).toEqual([OLD.id, third.id].sort());
  });

  it('a relay left running on the old key that writes after the rotation is named at the next start', async () => {
    const { rows } = await database();
    await storeSome(rows, OLD, 2);
    const stale = await openSqlSecretStore(rows, OLD);
    await rotateSecretKey(rows, OLD, NEW);
    await stale.set('channel:9:key', 'sk-late');
    await expect(openSqlSecretStore(rows, NEW)).rejects.toThrow(`1 of the 3 secrets in the database (channel:9:key) were sealed with key ${OLD.id}; this start has key ${NEW.id}`);
  });
});
