import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AppLogger } from '../relay/index.js';

export const APP_LOG_NAME = 'main.log';
/** The previous file after a rotation; only one is kept. */
export const APP_LOG_PREVIOUS_NAME = 'main.old.log';
export const APP_LOG_MAX_BYTES = 5 * 1024 * 1024;

export interface AppLog extends AppLogger {
  /** Absolute path of the log file (shown in startup error dialogs). */
  readonly file: string;
}

export interface AppLogOptions {
  maxBytes?: number;
  /** Also written to (the terminal when started with `npm run desktop`); default console. */
  mirror?: AppLogger | null;
  clock?: () => Date;
}

/**
 * The desktop app's log: one line per message in `<dir>/main.log`, rotated once to
 * main.old.log when it would pass `maxBytes`. Writes are synchronous so a line logged just
 * before a crash or an error dialog is on disk; the main process logs little (startup,
 * shutdown, relay warnings), so this costs nothing noticeable. A logger never throws: a
 * failed write is reported on the mirror only.
 */
export function openAppLog(dir: string, options: AppLogOptions = {}): AppLog {
  const maxBytes = options.maxBytes ?? APP_LOG_MAX_BYTES;
  const mirror = options.mirror === undefined ? consoleMirror : options.mirror;
  const clock = options.clock ?? (() => new Date());
  const file = path.join(dir, APP_LOG_NAME);
  let size = 0;
  let writable = true;
  try {
    mkdirSync(dir, { recursive: true });
    size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  } catch (error) {
    writable = false;
    mirror?.error(`[relaydesk] cannot write the log file ${file}: ${String(error)}`);
  }

  const write = (level: 'INFO' | 'WARN' | 'ERROR', message: string) => {
    if (!writable) return;
    const line = `${clock().toISOString()} ${level} ${message}\n`;
    const bytes = Buffer.byteLength(line);
    try {
      if (size > 0 && size + bytes > maxBytes) {
        renameSync(file, path.join(dir, APP_LOG_PREVIOUS_NAME));
        size = 0;
      }
      appendFileSync(file, line, { mode: 0o600 });
      size += bytes;
    } catch (error) {
      mirror?.error(`[relaydesk] log write failed (${file}): ${String(error)}`);
    }
  };

  return {
    file,
    info(message) {
      mirror?.info(`[relaydesk] ${message}`);
      write('INFO', message);
    },
    warn(message) {
      mirror?.warn(`[relaydesk] ${message}`);
      write('WARN', message);
    },
    error(message) {
      mirror?.error(`[relaydesk] ${message}`);
      write('ERROR', message);
    },
  };
}

const consoleMirror: AppLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/** "message" plus the stack when there is one: what the log file should hold for an error. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
