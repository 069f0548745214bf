import type { RateLimiter } from '../http/rate-limit.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { LogStore } from '../store/logs/index.js';
import type { SessionStore } from '../store/sessions.js';
import type { StateFile } from '../store/state-file.js';
import type { UserStore } from '../store/users.js';
import type { TokenStore } from '../store/tokens.js';
import type { ChannelStore } from '../store/channels.js';

export interface AppLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Everything a management router needs, passed in (no module-level state). */
export interface ManagementContext {
  version: string;
  state: StateFile;
  users: UserStore;
  tokens: TokenStore;
  channels: ChannelStore;
  sessions: SessionStore;
  secrets: SecretStore;
  logs: LogStore;
  log: AppLogger;
  /** True when bound beyond loopback. */
  lan: boolean;
  /** Needed by setup requests from other machines while setup is pending; null when not needed. */
  setupCode: string | null;
  limits: {
    /** Login, setup and other credential checks: 20 per 20 minutes per IP. */
    critical: RateLimiter;
    /** Every management call: 360 per 180 s per IP. */
    api: RateLimiter;
  };
}
