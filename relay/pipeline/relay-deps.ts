import type { IncomingMessage } from 'node:http';
import { authorizeApiKey, presentedApiKey } from '../auth/api-key.js';
import type { Caller } from '../auth/api-key.js';
import type { AppLogger } from '../management/context.js';
import type { CallObserver } from '../observability/observer.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { StoragePorts } from '../store/ports.js';
import type { Dispatchers } from '../upstream/dispatchers.js';

/**
 * What every relay route works with: the storage ports (calls read the in-memory catalog and
 * hold quota through the ledger; the same code on the embedded store and on PostgreSQL +
 * Redis), the upstream connections, and what this process keeps beside them.
 */
export interface RelayDeps {
  store: StoragePorts;
  dispatchers: Dispatchers;
  log: AppLogger;
  /** Round-robin cursors of `polling` multi-key channels. */
  keyCursors: Map<number, number>;
  /** Channels and keys cooling down after retryable failures, shared by every call. */
  cooldowns: Cooldowns;
  /** Calls still running (billing and logging included), so that shutdown can wait for them. */
  inFlight: Set<Promise<void>>;
  /** Follows video tasks until they end (tasks/video-poller.ts). */
  videoPoller: VideoFollower;
  /** Metrics and traces of every model call (relay/observability/). */
  observer: CallObserver;
}

/** Follows a video task from its creation until it ends. */
export interface VideoFollower {
  follow(taskId: string): void;
}

/** Who is calling and on whose quota: an API key by default, the console session for the playground. */
export type Authorize = (req: IncomingMessage, deps: Pick<RelayDeps, 'store'>) => Caller;

export const byApiKey: Authorize = (req, deps) => authorizeApiKey(presentedApiKey(req), req.socket.remoteAddress ?? '', deps.store.catalog);
