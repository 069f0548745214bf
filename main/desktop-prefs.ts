import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { AppLogger } from '../relay/index.js';
import type { SavedWindowState } from './window-state.js';

export const DESKTOP_PREFS_NAME = 'desktop.json';

/** The desktop shell's own preferences; the relay's settings live in its state file. */
export interface DesktopPrefs {
  /** The port chosen after a conflict; absent means the default. */
  port?: number;
  /** Closing the window keeps the relay running in the tray. */
  closeToTray: boolean;
  window?: SavedWindowState;
  /** The "still running" notification was shown (the first time the window hid to the tray). */
  trayHintShown?: boolean;
}

export const DEFAULT_DESKTOP_PREFS: DesktopPrefs = { closeToTray: true };

/**
 * desktop.json in the userData folder. Read once at start; every update is written at
 * once, atomically (temp file, fsync, rename), synchronously so that a save made while the
 * window closes during quit is on disk before the process exits. A missing or unreadable
 * file gives the defaults (logged); invalid fields are dropped one by one.
 */
export class DesktopPrefsFile {
  private prefs: DesktopPrefs;

  private constructor(
    readonly file: string,
    prefs: DesktopPrefs,
    private readonly log: AppLogger,
  ) {
    this.prefs = prefs;
  }

  static load(dir: string, log: AppLogger): DesktopPrefsFile {
    const file = path.join(dir, DESKTOP_PREFS_NAME);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn(`desktop preferences ${file} unreadable, using defaults: ${(error as Error).message}`);
      }
    }
    return new DesktopPrefsFile(file, parseDesktopPrefs(raw), log);
  }

  get(): Readonly<DesktopPrefs> {
    return this.prefs;
  }

  update(patch: Partial<DesktopPrefs>): void {
    this.prefs = { ...this.prefs, ...patch };
    try {
      writeFileAtomic(this.file, `${JSON.stringify(this.prefs, null, 2)}\n`);
    } catch (error) {
      this.log.error(`could not save desktop preferences to ${this.file}: ${(error as Error).message}`);
    }
  }
}

export function parseDesktopPrefs(raw: unknown): DesktopPrefs {
  const prefs: DesktopPrefs = { ...DEFAULT_DESKTOP_PREFS };
  if (!isRecord(raw)) return prefs;
  if (isPort(raw.port)) prefs.port = raw.port;
  if (typeof raw.closeToTray === 'boolean') prefs.closeToTray = raw.closeToTray;
  if (raw.trayHintShown === true) prefs.trayHintShown = true;
  const window = parseWindowState(raw.window);
  if (window) prefs.window = window;
  return prefs;
}

function parseWindowState(raw: unknown): SavedWindowState | undefined {
  if (!isRecord(raw) || !isRecord(raw.bounds)) return undefined;
  const { x, y, width, height } = raw.bounds;
  if (![x, y, width, height].every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  if ((width as number) <= 0 || (height as number) <= 0) return undefined;
  return {
    bounds: { x: x as number, y: y as number, width: width as number, height: height as number },
    maximized: raw.maximized === true,
  };
}

function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65_535;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function writeFileAtomic(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}
