import { describeError, type AppLog } from './app-log.js';

// One set of process hooks, pointed at the current log (startDesktopApp runs once in the
// app, many times in tests).
let crashLog: AppLog | null = null;

/** Logs an exception nothing caught (Electron then shows its own error box). */
export function onUncaughtException(error: unknown): void {
  crashLog?.error(`uncaught exception: ${describeError(error)}`);
}

/**
 * Logs a promise rejection nothing handled. Having a listener keeps Node from turning it
 * into an uncaught exception: the relay keeps serving, and the log says what went wrong.
 */
export function onUnhandledRejection(reason: unknown): void {
  crashLog?.error(`unhandled promise rejection: ${describeError(reason)}`);
}

/** Sends uncaught exceptions and unhandled rejections of this process to `log`. */
export function logCrashesTo(log: AppLog): void {
  if (crashLog === null) {
    process.on('uncaughtExceptionMonitor', onUncaughtException);
    process.on('unhandledRejection', onUnhandledRejection);
  }
  crashLog = log;
}
