// A relay in a process of its own for the crash scenario (test/reliability/crash-rig.ts kills
// it with SIGKILL): startRelay on the data folder, and in server mode the PostgreSQL database,
// Redis and key prefix, given as JSON in argv[2]; the server mode's secret key comes from
// RELAYDESK_SECRET_KEY. Prints "ready <origin> <mode>" once it serves.
import { startRelay } from '../../relay/index.js';

interface ChildConfig {
  dataDir: string;
  server?: { databaseUrl: string; redisUrl: string; redisPrefix: string };
}

const config = JSON.parse(process.argv[2]!) as ChildConfig;
const say = (message: string) => void process.stderr.write(`${message}\n`);
const relay = await startRelay({
  host: '127.0.0.1',
  port: 0,
  dataDir: config.dataDir,
  consoleDir: null,
  keyRecoveryIntervalMs: 200,
  log: { info: () => {}, warn: say, error: say },
  ...(config.server ? { server: { ...config.server, secretKeyFile: undefined } } : { secretBackend: 'encrypted-file' as const }),
});
process.stdout.write(`ready ${relay.origin} ${relay.mode}\n`);
