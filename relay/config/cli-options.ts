import { parseArgs } from 'node:util';
import { parsePort } from './port.js';
import { defaultDataDir } from './data-dir.js';
import type { SecretBackendChoice } from '../secrets/select-secret-store.js';

export interface CliOptions {
  host: string;
  /** Whether --host or RELAYDESK_HOST chose the address (otherwise the lan_access setting may). */
  hostGiven: boolean;
  port: number;
  dataDir: string;
  secretBackend: SecretBackendChoice;
  /** Server mode (both given): state and logs in PostgreSQL, what instances share in Redis. */
  server: ServerModeOptions | undefined;
  help: boolean;
}

export interface ServerModeOptions {
  databaseUrl: string;
  redisUrl: string;
  /** The secret key's file (else RELAYDESK_SECRET_KEY / RELAYDESK_SECRET_KEY_FILE: relay/secrets/secret-key.ts). */
  secretKeyFile: string | undefined;
}

export const usage = `Usage: npm start -- [options]

  --port <n>        port to listen on (env RELAYDESK_PORT, default 3000)
  --host <addr>     address to bind (env RELAYDESK_HOST, default 127.0.0.1;
                    0.0.0.0 exposes the relay and console to your LAN)
  --data-dir <dir>  state, logs and encrypted secrets (env RELAYDESK_DATA_DIR,
                    default ${defaultDataDir()})
  --secrets <kind>  auto | keychain | encrypted-file (env RELAYDESK_SECRETS, default auto)

  Server mode (several instances on one PostgreSQL and one Redis; give both URLs):
  --database-url <url>     postgres://… (env RELAYDESK_DATABASE_URL)
  --redis-url <url>        redis://… (env RELAYDESK_REDIS_URL)
  --secret-key-file <path> the 64-hex-character secret key (or env RELAYDESK_SECRET_KEY,
                           RELAYDESK_SECRET_KEY_FILE)
  --help            show this help`;

export class CliUsageError extends Error {}

/** Flags win over environment variables, which win over defaults. */
export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        secrets: { type: 'string' },
        'database-url': { type: 'string' },
        'redis-url': { type: 'string' },
        'secret-key-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const portText = values.port ?? env.RELAYDESK_PORT ?? '3000';
  const port = parsePort(portText);
  if (port === null) throw new CliUsageError(`Invalid port "${portText}": use a number from 0 to 65535.`);
  const secretBackend = values.secrets ?? env.RELAYDESK_SECRETS ?? 'auto';
  if (secretBackend !== 'auto' && secretBackend !== 'keychain' && secretBackend !== 'encrypted-file') {
    throw new CliUsageError(`Invalid secret backend "${secretBackend}": use auto, keychain or encrypted-file.`);
  }
  const databaseUrl = values['database-url'] ?? (env.RELAYDESK_DATABASE_URL || undefined);
  const redisUrl = values['redis-url'] ?? (env.RELAYDESK_REDIS_URL || undefined);
  if ((databaseUrl === undefined) !== (redisUrl === undefined)) {
    throw new CliUsageError(`Server mode needs both a database URL and a Redis URL: ${databaseUrl === undefined ? '--database-url (or RELAYDESK_DATABASE_URL)' : '--redis-url (or RELAYDESK_REDIS_URL)'} is missing.`);
  }
  const server = databaseUrl && redisUrl ? { databaseUrl, redisUrl, secretKeyFile: values['secret-key-file'] } : undefined;
  return {
    host: values.host ?? (env.RELAYDESK_HOST || '127.0.0.1'),
    hostGiven: values.host !== undefined || Boolean(env.RELAYDESK_HOST),
    port,
    dataDir: values['data-dir'] ?? env.RELAYDESK_DATA_DIR ?? defaultDataDir(),
    secretBackend,
    server,
    help: values.help ?? false,
  };
}
