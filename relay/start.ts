// `npm start`: the relay, the management API and the console, headless.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliUsageError, parseCliOptions, usage } from './config/cli-options.js';
import { version } from './config/package-info.js';
import { DataDirLockedError } from './store/data-dir-lock.js';
import { PortInUseError } from './http/listen.js';
import { SecretBackendError } from './secrets/secret-store.js';
import { describeSecretStore } from './secrets/select-secret-store.js';
import { startRelay } from './server.js';
import { StateFileError } from './store/state-file.js';
import { RelayError } from './ir/relay-error.js';

async function main(): Promise<number> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`relaydesk: ${error.message}\n\n${usage}`);
    return 2;
  }
  if (options.help) {
    console.log(usage);
    return 0;
  }

  let relay;
  try {
    relay = await startRelay({
      // In server mode the LAN setting is in the database: --host (or RELAYDESK_HOST) chooses.
      host: options.hostGiven || options.server ? options.host : await hostFromSettings(options.dataDir, options.host),
      port: options.port,
      dataDir: options.dataDir,
      secretBackend: options.secretBackend,
      ...(options.server ? { server: options.server } : {}),
    });
  } catch (error) {
    // What the operator can fix (a port in use, a locked folder, a missing key, an unreachable database): its message alone.
    const expected = [PortInUseError, StateFileError, DataDirLockedError, SecretBackendError, RelayError].some((k) => error instanceof k);
    console.error(`relaydesk: ${expected ? (error as Error).message : ((error as Error).stack ?? String(error))}`);
    return 1;
  }

  const lines = [
    `Relaydesk ${version}`,
    `  Console:   ${relay.consoleUrl}`,
    `  Relay API: ${relay.relayBaseUrl}`,
    relay.store ? `  Store:     ${relay.store} (server mode)` : `  Data:      ${relay.dataDir}`,
    `  Secrets:   ${describeSecretStore(relay.secretBackend, relay.dataDir, relay.keychainUnavailable)}`,
  ];
  if (relay.host !== '127.0.0.1' && relay.host !== 'localhost' && relay.host !== '::1') {
    lines.push(`  LAN: listening on ${relay.host}; other machines can reach this relay.`);
  }
  if (relay.setupCode) lines.push(`  Setup code (needed to finish setup from another machine): ${relay.setupCode}`);
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(130); // a second Ctrl-C means now
    stopping = true;
    console.log(`\n${signal}: finishing running requests, saving state…`);
    relay.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`relaydesk: shutdown failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return -1; // keep running
}

/**
 * The lan_access setting (console → settings) chooses all interfaces when no --host or
 * RELAYDESK_HOST does. Read straight from the state file before anything starts; an
 * unreadable file is left for startRelay to report.
 */
async function hostFromSettings(dataDir: string, fallback: string): Promise<string> {
  try {
    const state = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8')) as { options?: { lan_access?: unknown } };
    return state.options?.lan_access === true ? '0.0.0.0' : fallback;
  } catch {
    return fallback;
  }
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: Error) => {
    console.error(`relaydesk: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
