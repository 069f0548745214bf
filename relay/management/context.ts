import type { SharedRateLimiter } from '../http/rate-limit.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { StoragePorts } from '../store/ports.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { Dispatchers } from '../upstream/dispatchers.js';
import type { TaskRegistry } from '../tasks/task-registry.js';

export interface AppLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Everything a management router needs, passed in (no module-level state). */
export interface ManagementContext {
  version: string;
  /** Everything kept, through the storage ports (embedded or server). */
  store: StoragePorts;
  /** The relay's upstream connection pools (direct and per proxy), for calls the console makes upstream. */
  dispatchers: Dispatchers;
  /** Channels and keys cooling down after failed calls (shown with the channels; a successful test clears them). */
  cooldowns: Cooldowns;
  /** Background work started from the console (test all channels…), with its progress. */
  tasks: TaskRegistry;
  secrets: SecretStore;
  log: AppLogger;
  /** True when bound beyond loopback. */
  lan: boolean;
  /** Needed by setup requests from other machines while setup is pending; null when not needed. */
  setupCode: string | null;
  limits: {
    /** Login, setup and other credential checks: 20 per 20 minutes per IP. */
    critical: SharedRateLimiter;
    /** Every management call: 360 per 180 s per IP. */
    api: SharedRateLimiter;
  };
}
