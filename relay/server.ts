import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import { RelayResponse } from './http/relay-response.js';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import { packageRoot, version } from './config/package-info.js';
import { listen } from './http/listen.js';
import { isLoopbackHost } from './http/network.js';
import { lanWarnings } from './lan-exposure.js';
import { createRelayRouter } from './http/relay-router.js';
import { createRequestHandler } from './http/request-handler.js';
import type { SecretBackendName } from './management/contract.js';
import type { AppLogger, ManagementContext } from './management/context.js';
import type { SecretBackendChoice } from './secrets/select-secret-store.js';
import type { PlainKeyPolicy, SecretSealer } from './secrets/secret-store.js';
import { Dispatchers } from './upstream/dispatchers.js';
import { probeChannel } from './upstream/probe-channel.js';
import type { RelayDeps } from './pipeline/relay-deps.js';
import { relayRouteTable } from './relay-routes.js';
import { callSettings, settingsRateLimiter } from './settings.js';
import { openStore } from './open-store.js';
import type { OpenedStore, StoreOptions } from './open-store.js';
import type { StoragePorts } from './store/ports.js';
import { startKeyRecovery } from './routing/key-recovery.js';
import { startBodySweep } from './tasks/body-sweep.js';
import { createTaskRegistry } from './tasks/task-registry.js';
import { VideoPoller } from './tasks/video-poller.js';
import { RelayMetrics } from './observability/metrics.js';
import { metricsRoute } from './observability/metrics-route.js';
import { observeAll } from './observability/observer.js';
import { CallTracing } from './observability/tracing.js';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { VideoPollerTiming } from './tasks/video-poller.js';

export interface RelayOptions {
  /** Default 127.0.0.1: LAN exposure is an explicit choice. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  dataDir: string;
  /** Default 'auto'; 'memory' keeps secrets in this process only (tests). Not used in server mode. */
  secretBackend?: SecretBackendChoice | 'memory';
  /**
   * Server mode: state and logs in PostgreSQL, what instances share in Redis, secrets sealed
   * under the installation's key (relay/open-store.ts). The data folder is then not used.
   */
  server?: StoreOptions['server'];
  /**
   * OS-bound encryption for the encrypted-file backend's key (the desktop app passes
   * Electron safeStorage). Without it that key is a plain 0600 file; once a data folder's key
   * is sealed, a start without a sealer refuses rather than lose the secrets.
   */
  secretSealer?: SecretSealer;
  /**
   * Default 'allow' (`npm start`). 'refuse' (the desktop app): without a sealer the
   * encrypted-file backend fails with a SecretBackendError instead of making, keeping or
   * reading a plain key file.
   */
  plainSecretKey?: PlainKeyPolicy;
  /** The built renderer; default `<package>/dist/renderer`; null serves no console. */
  consoleDir?: string | null;
  log?: AppLogger;
  /** How long close() lets running requests finish before cutting them. */
  shutdownGraceMs?: number;
  /** How often disabled keys are checked for their recovery probe (default 15 s). */
  keyRecoveryIntervalMs?: number;
  /** How often kept call bodies past their retention are deleted (default hourly). */
  bodySweepIntervalMs?: number;
  /** How often video tasks are polled (default: after 2 s, then 1.5 times longer each time, up to 15 s). */
  videoPolling?: VideoPollerTiming;
  /** How long a client may take to send its headers and its whole request (default CLIENT_TIMEOUTS). */
  clientTimeouts?: ClientTimeouts;
  /** Traces every call to this exporter, whatever `otlp_traces_endpoint` says (tests: an InMemorySpanExporter). */
  traceExporter?: SpanExporter;
}

export interface ClientTimeouts {
  headersMs: number;
  requestMs: number;
  /** How often Node checks open connections against both (it only cuts them on a check). */
  checkEveryMs: number;
}

/**
 * Slow clients (slow-loris: headers or body trickled) are cut with 408 and the socket closed.
 * The whole request may take 5 minutes: a 128 MB upload at ~0.5 MB/s. Node's own check runs
 * every 30 s, which would let such a client hold its socket twice as long as it says.
 */
export const CLIENT_TIMEOUTS: ClientTimeouts = { headersMs: 20_000, requestMs: 300_000, checkEveryMs: 2_000 };

export interface RelayHandle {
  host: string;
  port: number;
  origin: string;
  consoleUrl: string;
  relayBaseUrl: string;
  dataDir: string;
  /** Where everything is kept: a data folder, or PostgreSQL and Redis. */
  mode: StoragePorts['mode'];
  /** Server mode: the PostgreSQL and Redis servers (`host:port`, never a password). */
  store: string | undefined;
  secretBackend: SecretBackendName;
  /** Why the OS keychain is not in use, when the choice was automatic and it is not. */
  keychainUnavailable: string | undefined;
  /** Printed once for LAN setups: a fresh relay reachable from the network needs it to create the owner account. */
  setupCode: string | null;
  /** Stops accepting, lets running requests finish (bounded), flushes state and logs. Idempotent. */
  close(): Promise<void>;
}

export const consoleLogger: AppLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/**
 * Starts the relay, the management API and the console on one port. The port is bound
 * first, so a port in use fails before anything is written to the data folder.
 */
export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? consoleLogger;
  const { dataDir } = options;

  let handler: RequestListener = (_req, res) => {
    res.writeHead(503, { 'Retry-After': '1' }).end('Relaydesk is starting.');
  };
  const timeouts = options.clientTimeouts ?? CLIENT_TIMEOUTS;
  const server = createServer(
    { ServerResponse: RelayResponse, headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    (req, res) => handler(req, res),
  );
  server.keepAliveTimeout = 65_000; // above common client pools' idle timeouts
  await listen(server, host, options.port ?? 3000);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 3000);

  let opened: OpenedStore | undefined;
  let dispatchers: Dispatchers | undefined;
  try {
    opened = await openStore({ ...options, log });
    const { store, cooldowns } = opened;
    const lan = !isLoopbackHost(host);
    dispatchers = new Dispatchers(callSettings(store.catalog).connect_timeout_seconds * 1000);
    const videoPoller = new VideoPoller({ store, dispatchers, log }, options.videoPolling);
    const metrics = new RelayMetrics(store.catalog, cooldowns, () => callSettings(store.catalog).metrics_enabled);
    const tracing = new CallTracing(store.catalog, options.traceExporter);
    const observer = observeAll([metrics, tracing]);
    const relayDeps: RelayDeps = { store, dispatchers, log, keyCursors: new Map(), cooldowns, inFlight: new Set(), videoPoller, observer };
    const context: ManagementContext = {
      version,
      store,
      dispatchers,
      cooldowns,
      tasks: createTaskRegistry(),
      secrets: opened.secrets,
      log,
      lan,
      setupCode: lan && (await store.users.count()) === 0 ? String(randomInt(0, 1e8)).padStart(8, '0') : null,
      limits: {
        critical: settingsRateLimiter(store, 'critical_rate_limit', 'critical_rate_limit_window_seconds'),
        api: settingsRateLimiter(store, 'api_rate_limit', 'api_rate_limit_window_seconds'),
      },
    };

    const consoleDir = options.consoleDir === undefined ? join(packageRoot, 'dist', 'renderer') : options.consoleDir;
    const app = lazyManagementApp(context, consoleDir, log);
    const probeDeps = { channels: store.channels, dispatchers };
    const keyRecovery = startKeyRecovery({ catalog: store.catalog, channels: store.channels, probe: (channel, key) => probeChannel(probeDeps, channel, key), log, ...(options.keyRecoveryIntervalMs ? { intervalMs: options.keyRecoveryIntervalMs } : {}) });
    const bodySweep = startBodySweep({ store, log, ...(options.bodySweepIntervalMs ? { intervalMs: options.bodySweepIntervalMs } : {}) });
    const relayRoutes = relayRouteTable(relayDeps);
    handler = createRequestHandler({
      boundToLoopback: !lan,
      relay: createRelayRouter(relayRoutes),
      app,
      metrics: metricsRoute({ metrics, catalog: store.catalog, secrets: opened.secrets, counters: store.counters, log }),
      basePath: () => callSettings(store.catalog).base_path,
    });

    // The video tasks the last run left are followed again (their reservations were kept open).
    await videoPoller.resume();
    if (lan) for (const warning of await lanWarnings(store.users)) log.warn(warning);

    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const openedStore = opened;
    const shutdown = once(async () => {
      keyRecovery.stop();
      bodySweep.stop();
      const grace = options.shutdownGraceMs ?? 10_000;
      await stopServer(server, grace);
      await videoPoller.stop();
      // Calls whose client has gone may still be settling their bill and log.
      await Promise.race([Promise.allSettled([...relayDeps.inFlight]), new Promise((resolve) => setTimeout(resolve, grace).unref())]);
      await Promise.allSettled([dispatchers?.close(), tracing.shutdown()]);
      await openedStore.close(relayDeps.inFlight.size === 0);
    });
    return {
      host,
      port,
      origin,
      consoleUrl: `${origin}/`,
      relayBaseUrl: `${origin}/v1`,
      dataDir,
      mode: store.mode,
      store: opened.where,
      secretBackend: opened.secretBackend,
      keychainUnavailable: opened.keychainUnavailable,
      setupCode: context.setupCode,
      close: shutdown,
    };
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await opened?.close(false).catch(() => {});
    throw error;
  }
}

/**
 * Express and its dependencies cost ~17 MB of memory; a relay that only serves model calls
 * (coding agents, no console open) never loads them. The first management or console
 * request does, once.
 */
function lazyManagementApp(context: ManagementContext, consoleDir: string | null, log: AppLogger): RequestListener {
  let app: RequestListener | undefined;
  let loading: Promise<RequestListener> | undefined;
  return (req, res) => {
    if (app) return app(req, res);
    loading ??= import('./management-app.js').then((module) => (app = module.createManagementApp(context, consoleDir)));
    loading.then(
      (ready) => ready(req, res),
      (error: Error) => {
        log.error(`management API failed to load: ${error.stack ?? error.message}`);
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: 'The management API failed to load.', data: null }));
      },
    );
  };
}

async function stopServer(server: import('node:http').Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections go as soon as their running request is answered; whatever still
  // runs after the grace period is cut.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  server.closeIdleConnections();
  await closed;
  clearInterval(sweep);
  clearTimeout(deadline);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
