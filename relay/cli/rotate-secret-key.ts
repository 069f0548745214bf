import { parseArgs } from 'node:util';
import { CliUsageError } from '../config/cli-options.js';
import { RelayError } from '../ir/relay-error.js';
import { rotateSecretKey } from '../secrets/rotate-secret-key.js';
import { SealedSecretError } from '../secrets/sealed-secret.js';
import { loadSecretKey, readSecretKeyFile } from '../secrets/secret-key.js';
import { SecretBackendError } from '../secrets/secret-store.js';
import { PostgresClient } from '../store/postgres/pool.js';
import { createPostgresSecretRows } from '../store/postgres/secret-rows.js';

export const usage = `Usage: npm run relaydesk -- rotate-secret-key --database-url <url> --new-key-file <path> [--secret-key-file <path>]

Re-encrypts every secret in the database from the current secret key to a new one, in one
transaction: every secret moves to the new key, or (on any failure) none does. Stop the
relays first, then start them with the new key.

  --database-url <url>       the relays' PostgreSQL (env RELAYDESK_DATABASE_URL)
  --secret-key-file <path>   the current key's file (env RELAYDESK_SECRET_KEY_FILE,
                             or the key itself in RELAYDESK_SECRET_KEY)
  --new-key-file <path>      the new key's file: 64 hexadecimal characters, chmod 600
                             (make one: umask 077 && openssl rand -hex 32 > new.key)`;

/** PostgreSQL's "undefined table". */
const UNDEFINED_TABLE = '42P01';

export async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { 'database-url': { type: 'string' }, 'secret-key-file': { type: 'string' }, 'new-key-file': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const url = values['database-url'] ?? env.RELAYDESK_DATABASE_URL;
  if (!url) throw new CliUsageError('Give the database: --database-url <url> or RELAYDESK_DATABASE_URL.');
  const newKeyFile = values['new-key-file'];
  if (!newKeyFile) throw new CliUsageError('Give the new key: --new-key-file <path>.');

  let db: PostgresClient | undefined;
  try {
    const oldKey = await loadSecretKey({ keyFile: values['secret-key-file'], env });
    const newKey = await readSecretKeyFile(newKeyFile);
    db = new PostgresClient(url, { max: 1 });
    const { rotated, alreadyNew } = await rotateSecretKey(createPostgresSecretRows(db), oldKey, newKey);
    const again = alreadyNew > 0 ? ` (${alreadyNew} already were)` : '';
    console.log(
      `Re-encrypted ${rotated} secret${rotated === 1 ? '' : 's'} in ${db.where} from key ${oldKey.id} to key ${newKey.id}${again}.\n` +
        `Start every relay with the new key now (RELAYDESK_SECRET_KEY or --secret-key-file): key ${oldKey.id} no longer opens them. Keep a copy of the new key somewhere safe.`,
    );
    return 0;
  } catch (error) {
    const message = explain(error, db);
    if (message === undefined) throw error;
    console.error(`relaydesk rotate-secret-key: ${message}`);
    return 1;
  } finally {
    await db?.close();
  }
}

/** What to print for an expected failure (undefined for a bug). Nothing was changed by any of them. */
function explain(error: unknown, db: PostgresClient | undefined): string | undefined {
  if ((error as { code?: unknown }).code === UNDEFINED_TABLE && db) {
    return `The database ${db.where} has no secrets table: no relay in server mode has started on it yet, so there is nothing to rotate.`;
  }
  if (error instanceof SecretBackendError || error instanceof RelayError) return error.message;
  if (error instanceof SealedSecretError) return `${error.message} The rotation was rolled back: every secret is still sealed as it was.`;
  if (error instanceof Error && error.message.startsWith('The database URL')) return error.message;
  return undefined;
}
