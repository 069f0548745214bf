import { parseArgs } from 'node:util';
import { CliUsageError } from '../config/cli-options.js';
import { defaultDataDir } from '../config/data-dir.js';
import { RelayError } from '../ir/relay-error.js';
import { SealedSecretError } from '../secrets/sealed-secret.js';
import { loadSecretKey } from '../secrets/secret-key.js';
import { SecretBackendError } from '../secrets/secret-store.js';
import { StateFileError } from '../store/state-file.js';
import { copyToPostgres } from '../store/migration/copy-to-postgres.js';
import type { MigrationResult } from '../store/migration/copy-to-postgres.js';
import { MigrationRefused, readEmbeddedInstall } from '../store/migration/embedded-install.js';
import { MigrationVerificationError } from '../store/migration/verify-copy.js';
import { PostgresClient } from '../store/postgres/pool.js';

export const usage = `Usage: npm run relaydesk -- migrate --to <postgres-url> [--data-dir <dir>] [--secret-key-file <path>]

Copies a stopped embedded install (state, secrets, request logs, hourly statistics) into an
empty PostgreSQL database, ids kept, in one transaction; verifies counts, quota sums, every
secret and the statistics before committing. The data folder is only read.

  --to <url>                 the new, empty database: postgres://user@host/relaydesk
  --data-dir <dir>           the install (env RELAYDESK_DATA_DIR, default ${defaultDataDir()})
  --secret-key-file <path>   server mode's secret key (env RELAYDESK_SECRET_KEY_FILE, or the
                             key itself in RELAYDESK_SECRET_KEY): the secrets are sealed with it`;

export async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { to: { type: 'string' }, 'data-dir': { type: 'string' }, 'secret-key-file': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const url = values.to;
  if (!url) throw new CliUsageError('Give the database to copy into: --to postgres://…');
  const dataDir = values['data-dir'] ?? (env.RELAYDESK_DATA_DIR || defaultDataDir());

  let db: PostgresClient | undefined;
  let copying = false;
  try {
    const key = await loadSecretKey({ keyFile: values['secret-key-file'], env });
    const install = await readEmbeddedInstall(dataDir);
    db = new PostgresClient(url, { max: 1 });
    copying = true;
    console.log(summary(dataDir, key.id, await copyToPostgres(install, db, key)));
    return 0;
  } catch (error) {
    const message = explain(error);
    if (message === undefined && !copying) throw error;
    const rolledBack = copying && !(error instanceof MigrationRefused) ? ' Nothing was committed: the database holds none of the install\'s records.' : '';
    console.error(`relaydesk migrate: ${message ?? `the copy failed: ${(error as Error).message}.`}${rolledBack}`);
    return 1;
  } finally {
    await db?.close();
  }
}

/** What to print for an expected failure (undefined for anything else). */
function explain(error: unknown): string | undefined {
  if (error instanceof MigrationRefused || error instanceof MigrationVerificationError || error instanceof SecretBackendError || error instanceof RelayError || error instanceof SealedSecretError || error instanceof StateFileError) {
    return error.message;
  }
  if (error instanceof Error && error.message.startsWith('The database URL')) return error.message;
  return undefined;
}

function summary(dataDir: string, keyId: string, result: MigrationResult): string {
  const table = [
    ['', 'install', 'database', 'verified'],
    ...result.rows.map((row) => [row.what, String(row.embedded), String(row.database), ['count', row.checked].filter(Boolean).join(', ')]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...table.map((cells) => cells[i]!.length)));
  const lines = table.map(([what, install, database, verified]) => `  ${what!.padEnd(widths[0]!)}  ${install!.padStart(widths[1]!)}  ${database!.padStart(widths[2]!)}  ${verified}`);
  return [
    `Copied the embedded install in ${dataDir} into ${result.where} (schema ${result.schema.to}), the secrets sealed with key ${keyId}, in one transaction:`,
    '',
    ...lines,
    '',
    'Ids are kept; new ones continue after the largest copied. The data folder was only read, and is as it was.',
    `Start the relays in server mode on ${result.where} with the same secret key (key ${keyId}).`,
  ].join('\n');
}
