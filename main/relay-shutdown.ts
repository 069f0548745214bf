import type { RelayHandle } from '../relay/index.js';
import { describeError, type AppLog } from './app-log.js';

/** How long the relay lets running calls (streams) finish when quitting, per phase: as `npm start`. */
export const RELAY_SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long quitting waits for the relay to close before giving up on it: the relay's two
 * grace phases (open connections, then calls still settling) plus time to flush.
 */
export const RELAY_CLOSE_TIMEOUT_MS = 2 * RELAY_SHUTDOWN_GRACE_MS + 3_000;
/** When the OS ends the session (shutdown, restart, logout) it will not wait long: the relay gets this. */
export const SESSION_END_CLOSE_TIMEOUT_MS = 5_000;

export type ShutdownPhase = 'running' | 'closing' | 'closed';

interface PreventableEvent {
  preventDefault(): void;
}

export interface RelayShutdownDeps {
  /** The relay once its start settles (null if it did not start): a quit during startup closes it too. */
  relay(): Promise<RelayHandle | null>;
  log: AppLog;
  /** The close began (hide the window, tray says "stopping"). */
  onClosing(): void;
  /** The relay is down, or was given up on. */
  onClosed(): void;
  quit(): void;
  /**
   * Windows waits for an app whose quit is held back at logoff (and the window's
   * 'session-end' gives no other way to ask for time); macOS cancels the logout instead.
   */
  holdQuitAtSessionEnd: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The graceful quit: the relay stops accepting calls, lets running streams finish (bounded)
 * and flushes state and logs, then the app quits. A user's quit is held back (before-quit
 * prevented) for that. When the OS ends the session the relay gets a short bound instead,
 * and on macOS quits are never held back then: a prevented quit cancels the logout.
 */
export class RelayShutdown {
  phase: ShutdownPhase = 'running';
  /** The OS is logging off, restarting or shutting down: windows close, quits go through. */
  sessionEnding = false;
  private relayClosed: Promise<void> | null = null;
  /** A quit went through (not held back): nothing is left to quit. */
  private quitting = false;

  constructor(private readonly deps: RelayShutdownDeps) {}

  /** For app 'before-quit'. */
  beforeQuit(event: PreventableEvent): void {
    if (this.sessionEnding && this.phase !== 'closed' && this.deps.holdQuitAtSessionEnd) {
      event.preventDefault(); // the session-end close (bounded) quits once the relay is down
      return;
    }
    if (this.phase === 'closed' || this.sessionEnding) {
      this.quitting = true;
      // Relay down, or the OS ending the session: let the quit proceed, closing the relay as
      // far as it gets before the process ends.
      if (this.phase !== 'closed') void this.closeWithin(SESSION_END_CLOSE_TIMEOUT_MS);
      return;
    }
    event.preventDefault();
    if (this.phase === 'closing') return; // a close is already under way; it quits when done
    void this.closeWithin(RELAY_CLOSE_TIMEOUT_MS).then((first) => first && this.deps.quit());
  }

  /**
   * For powerMonitor 'shutdown' (macOS: shutdown, restart or logout; Linux: shutdown or
   * restart, a logout arrives as SIGTERM, an ordinary quit). Preventing it asks the OS to
   * wait while the relay closes; then the app quits.
   */
  systemShutdown(event?: PreventableEvent): void {
    event?.preventDefault();
    this.endSession('the system is shutting down');
  }

  /** For a window's 'session-end' (Windows logoff or shutdown). */
  windowsSessionEnd(): void {
    this.endSession('the Windows session is ending');
  }

  private endSession(why: string): void {
    if (this.sessionEnding) return;
    this.sessionEnding = true;
    this.deps.log.info(`${why}: closing the relay (up to ${SESSION_END_CLOSE_TIMEOUT_MS / 1000} s)`);
    void this.closeWithin(SESSION_END_CLOSE_TIMEOUT_MS).then((first) => first && !this.quitting && this.deps.quit());
  }

  /**
   * Starts closing the relay (once) and waits until it is closed or `timeoutMs` has passed,
   * whichever comes first: a close already under way with a longer bound can be cut short.
   * Answers true for the one call that marks the relay closed (and so quits).
   */
  private async closeWithin(timeoutMs: number): Promise<boolean> {
    let failure: unknown = null;
    try {
      await withTimeout(this.closeRelay(), timeoutMs, 'Closing the relay');
    } catch (error) {
      failure = error;
    }
    if (this.phase === 'closed') return false;
    if (failure !== null) this.deps.log.error(`relay did not close cleanly: ${describeError(failure)}`);
    this.phase = 'closed';
    this.deps.onClosed();
    return true;
  }

  private closeRelay(): Promise<void> {
    if (!this.relayClosed) {
      this.phase = 'closing';
      this.deps.onClosing();
      this.deps.log.info('quitting: closing the relay');
      this.relayClosed = (async () => {
        const handle = await this.deps.relay();
        if (!handle) return;
        await handle.close();
        this.deps.log.info('relay closed');
      })();
    }
    return this.relayClosed;
  }
}
