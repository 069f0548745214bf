// One relay instance of a team, in a process of its own (the harness kills it with SIGKILL or
// stops it with SIGTERM): startRelay in server mode on the database, Redis and key prefix
// given as JSON in argv[2]; the secret key comes from RELAYDESK_SECRET_KEY. Prints
// "ready <origin> <mode>" once it serves.
import { startRelay } from '../../../relay/index.js';
import type { RelayOptions } from '../../../relay/index.js';

interface InstanceConfig {
  dataDir: string;
  server: { databaseUrl: string; redisUrl: string; redisPrefix: string };
  videoPolling?: RelayOptions['videoPolling'];
}

const config = JSON.parse(process.argv[2]!) as InstanceConfig;
const say = (message: string) => void process.stderr.write(`${message}\n`);
const relay = await startRelay({
  host: '127.0.0.1',
  port: 0,
  dataDir: config.dataDir,
  consoleDir: null,
  keyRecoveryIntervalMs: 200,
  ...(config.videoPolling ? { videoPolling: config.videoPolling } : {}),
  log: { info: () => {}, warn: say, error: say },
  server: { ...config.server, secretKeyFile: undefined },
});
// The mode too: the harness refuses an instance that did not start in server mode.
process.stdout.write(`ready ${relay.origin} ${relay.mode}\n`);
process.on('SIGTERM', () => {
  relay.close().then(
    () => process.exit(0),
    (error: Error) => (say(`close failed: ${error.stack ?? error.message}`), process.exit(1)),
  );
});
