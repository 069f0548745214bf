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
  // Server mode: a lost instance's reservations are found in ~4 s rather than ~8 (20 rounds fit CI's budget).
  ...(config.server ? { server: { ...config.server, secretKeyFile: undefined, lossDetection: { heartbeatMs: 3_000, sweepEveryMs: 1_000 } } } : { secretBackend: 'encrypted-file' as const }),
});
process.stdout.write(`ready ${relay.origin} ${relay.mode}\n`);
