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
  help: boolean;
}

export const usage = `Usage: npm start -- [options]

  --port <n>        port to listen on (env RELAYDESK_PORT, default 3000)
  --host <addr>     address to bind (env RELAYDESK_HOST, default 127.0.0.1;
                    0.0.0.0 exposes the relay and console to your LAN)
  --data-dir <dir>  state, logs and encrypted secrets (env RELAYDESK_DATA_DIR,
                    default ${defaultDataDir()})
  --secrets <kind>  auto | keychain | encrypted-file (env RELAYDESK_SECRETS, default auto)
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
  return {
    host: values.host ?? (env.RELAYDESK_HOST || '127.0.0.1'),
    hostGiven: values.host !== undefined || Boolean(env.RELAYDESK_HOST),
    port,
    dataDir: values['data-dir'] ?? env.RELAYDESK_DATA_DIR ?? defaultDataDir(),
    secretBackend,
    help: values.help ?? false,
  };
}
