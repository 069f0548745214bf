import type { IncomingMessage } from 'node:http';
import { authorizeApiKey, presentedApiKey } from '../auth/api-key.js';
import type { Caller } from '../auth/api-key.js';
import type { Ledger } from '../billing/ledger.js';
import type { AppLogger } from '../management/context.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { ChannelStore } from '../store/channels.js';
import type { LogStore } from '../store/logs/index.js';
import type { SessionStore } from '../store/sessions.js';
import type { StatsStore } from '../store/stats/index.js';
import type { StateFile } from '../store/state-file.js';
import type { TokenStore } from '../store/tokens.js';
import type { UserStore } from '../store/users.js';
import type { VideoTaskStore } from '../store/video-tasks.js';
import type { Dispatchers } from '../upstream/dispatchers.js';

/** What every relay route works with: the stores, the ledger, the upstream connections. */
export interface RelayDeps {
  state: StateFile;
  users: UserStore;
  tokens: TokenStore;
  channels: ChannelStore;
  logs: LogStore;
  /** Hourly usage aggregates, fed with every call log. */
  stats: StatsStore;
  ledger: Ledger;
  dispatchers: Dispatchers;
  log: AppLogger;
  /** Round-robin cursors of `polling` multi-key channels. */
  keyCursors: Map<number, number>;
  /** Channels and keys cooling down after retryable failures, shared by every call. */
  cooldowns: Cooldowns;
  /** Calls still running (billing and logging included), so that shutdown can wait for them. */
  inFlight: Set<Promise<void>>;
  /** Console sign-ins: the playground calls as the signed-in user. */
  sessions: SessionStore;
  /** Video generation tasks, and what follows them until they end (tasks/video-poller.ts). */
  videoTasks: VideoTaskStore;
  videoPoller: VideoFollower;
}

/** Follows a video task from its creation until it ends. */
export interface VideoFollower {
  follow(taskId: string): void;
}

/** Who is calling and on whose quota: an API key by default, the console session for the playground. */
export type Authorize = (req: IncomingMessage, deps: Pick<RelayDeps, 'tokens' | 'users'>) => Caller;

export const byApiKey: Authorize = (req, deps) => authorizeApiKey(presentedApiKey(req), req.socket.remoteAddress ?? '', deps.tokens, deps.users);
