import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, shell, type WebContents } from 'electron';
import type { AppLogger } from '../relay/index.js';
import { enforceConsoleCsp } from './console-csp.js';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, type WindowPlacement } from './window-state.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The compiled preload: `main/preload.cts` is emitted by tsc as CommonJS next to this
 * module (`dist/node/main/preload.cjs`), the only form a sandboxed preload can load.
 */
export const PRELOAD_PATH = path.join(here, 'preload.cjs');

export const WINDOW_TITLE = 'Relaydesk';

/** Used when no log is passed (tests); the app passes its log file (app-log.ts). */
const consoleLog: AppLogger = {
  info: (message) => console.log(`[relaydesk] ${message}`),
  warn: (message) => console.warn(`[relaydesk] ${message}`),
  error: (message) => console.error(`[relaydesk] ${message}`),
};

/** Permissions the console may be granted (copy buttons, fullscreen); all others are denied. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'fullscreen']);

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True for http: and https: URLs, the only ones handed to the system browser. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** True when `url` is on the console origin (scheme, host and port all equal). */
export function isConsoleUrl(url: string, consoleOrigin: string): boolean {
  const origin = originOf(url);
  return origin !== null && origin === consoleOrigin;
}

/**
 * Locks a console `webContents` down: top-level navigation and redirects stay on the
 * console origin, `window.open`/`target=_blank` never creates an Electron window; a link or
 * window.open to another http(s) address opens in the system browser, anything else is
 * dropped. No <webview>, and only the harmless permissions are granted, to the console
 * origin only.
 */
export function lockDownContents(contents: WebContents, consoleOrigin: string, log: AppLogger = consoleLog): void {
  const openInBrowser = (url: string) => {
    if (!isExternalWebUrl(url)) return;
    shell.openExternal(url).catch((error: unknown) => {
      log.warn(`could not open ${url} in the browser: ${String(error)}`);
    });
  };
  contents.on('will-navigate', (event) => {
    if (isConsoleUrl(event.url, consoleOrigin)) return;
    event.preventDefault();
    openInBrowser(event.url); // a plain link off the console: the page stays, the browser opens it
  });
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && !isConsoleUrl(event.url, consoleOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });

  const session = contents.session;
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && isConsoleUrl(details.requestingUrl, consoleOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return ALLOWED_PERMISSIONS.has(permission) && isConsoleUrl(requestingOrigin, consoleOrigin);
  });
}

/**
 * The console window: sandboxed, context-isolated, locked to the console's origin, under
 * the console's Content-Security-Policy. `placement` is the remembered size and position
 * (window-state.ts); without it the window is 1200x800, placed by the OS.
 */
export function createMainWindow(
  consoleUrl: string,
  placement: WindowPlacement = { ...DEFAULT_WINDOW_SIZE, maximized: false },
  log: AppLogger = consoleLog,
): BrowserWindow {
  const consoleOrigin = originOf(consoleUrl);
  if (consoleOrigin === null) throw new Error(`Invalid console URL: ${consoleUrl}`);

  const window = new BrowserWindow({
    title: WINDOW_TITLE,
    ...(placement.x !== undefined && placement.y !== undefined ? { x: placement.x, y: placement.y } : {}),
    width: placement.width,
    height: placement.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: PRELOAD_PATH,
    },
  });

  window.once('ready-to-show', () => {
    // Maximizing a hidden window shows it on some platforms: do it once the page is ready.
    if (placement.maximized) window.maximize();
    window.show();
  });
  lockDownContents(window.webContents, consoleOrigin, log);
  enforceConsoleCsp(window.webContents.session, consoleOrigin);

  window.loadURL(consoleUrl).catch((error: unknown) => {
    log.error(`could not load the console at ${consoleUrl}: ${String(error)}`);
  });
  return window;
}
