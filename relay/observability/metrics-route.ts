import type { IncomingMessage, ServerResponse } from 'node:http';
import { equalsConstantTime } from '../auth/secret-token.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { callSettings, secretNameOfOption } from '../settings.js';
import type { CallCatalog, RateCounters } from '../store/ports.js';
import type { RelayMetrics } from './metrics.js';

export interface MetricsRouteDeps {
  metrics: RelayMetrics;
  catalog: Pick<CallCatalog, 'revision' | 'settings'>;
  secrets: Pick<SecretStore, 'get'>;
  /** Counts wrong tokens per address (every instance's, in server mode). */
  counters: Pick<RateCounters, 'take'>;
  log: { error(message: string): void };
}

/** Wrong metrics tokens an address may send per window before every answer is 429, right token or not. */
export const TOKEN_GUESSES = 10;
export const TOKEN_GUESS_WINDOW_MS = 15 * 60_000;

/**
 * `GET /metrics`: this instance's metrics in Prometheus text format, on the relay's port. Off
 * (404) unless `metrics_enabled`; then only for `Authorization: Bearer <metrics_token>`, and
 * not to an address that sent TOKEN_GUESSES wrong ones lately.
 */
export function metricsRoute(deps: MetricsRouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    answer(deps, req, res).catch((error: Error) => {
      deps.log.error(`GET /metrics failed (request id ${req.requestId}): ${error.stack ?? error.message}`);
      if (!res.headersSent) plain(res, 500, 'The metrics could not be read.');
      else res.destroy();
    });
  };
}

async function answer(deps: MetricsRouteDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!callSettings(deps.catalog).metrics_enabled) return plain(res, 404, 'Metrics are off: an administrator turns them on with the settings metrics_enabled and metrics_token.');
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'GET /metrics only.', { allow: 'GET, HEAD' });
  const token = await deps.secrets.get(secretNameOfOption('metrics_token'));
  const challenge = { 'www-authenticate': 'Bearer realm="metrics"' };
  if (!token) return plain(res, 401, 'No metrics_token is set: an administrator sets one, and the scraper sends it as a bearer token.', challenge);
  const guesses = [{ key: `metrics-token-guesses:${req.socket.remoteAddress ?? ''}`, limit: TOKEN_GUESSES - 1, amount: 0 }];
  // Counting nothing only reads: refused once TOKEN_GUESSES wrong tokens are in the window.
  const now = await deps.counters.take(guesses, TOKEN_GUESS_WINDOW_MS);
  if (!now.allowed) {
    const seconds = Math.max(1, Math.ceil(now.retryAfterMs / 1000));
    return plain(res, 429, `Too many wrong metrics tokens from this address: try again in ${Math.ceil(seconds / 60)} minute(s).`, { 'retry-after': String(seconds) });
  }
  const presented = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (!presented || !equalsConstantTime(presented, token)) {
    if (presented) await deps.counters.take([{ ...guesses[0]!, limit: Number.MAX_SAFE_INTEGER, amount: 1 }], TOKEN_GUESS_WINDOW_MS);
    return plain(res, 401, 'GET /metrics needs the metrics token: Authorization: Bearer <metrics_token>.', challenge);
  }
  const text = await deps.metrics.registry.metrics();
  res.writeHead(200, { 'content-type': deps.metrics.registry.contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(req.method === 'HEAD' ? undefined : text);
}

function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(message) });
  res.end(message);
}
