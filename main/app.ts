import path from 'node:path';
import { app, BrowserWindow, clipboard, dialog, screen } from 'electron';
import { PortInUseError, startRelay, type RelayHandle } from '../relay/index.js';
import { describeError, openAppLog, type AppLog } from './app-log.js';
import { openFolder, registerBridgeHandlers } from './bridge-handlers.js';
import { DesktopPrefsFile } from './desktop-prefs.js';
import { isLanHost, localAddresses, relayHostFor, type LocalAddresses } from './lan-exposure.js';
import { askToUseOtherPort, findNextFreePort } from './port-choice.js';
import { safeStorageSealer } from './secret-sealer.js';
import { launchedAtLogin, startAtLoginFor, type StartAtLogin } from './start-at-login.js';
import { startupErrorMessage } from './startup-error-message.js';
import { DesktopTray, loadTrayIcon, trayIconPath, type TrayStatus } from './tray.js';
import { createMainWindow } from './window.js';
import { restoreWindowPlacement, trackWindowState } from './window-state.js';

export { startupErrorMessage } from './startup-error-message.js';

export const RELAY_PORT = 3000;
/** How long the relay lets running calls (streams) finish when quitting, per phase: as `npm start`. */
export const RELAY_SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long quitting waits for the relay to close before giving up on it: the relay's two
 * grace phases (open connections, then calls still settling) plus time to flush.
 */
export const RELAY_CLOSE_TIMEOUT_MS = 2 * RELAY_SHUTDOWN_GRACE_MS + 3_000;
/** A port picked after a conflict can be taken in the meantime: ask at most this often. */
const MAX_PORT_QUESTIONS = 3;

/** The built console inside the app (`<app>/dist/renderer`, also inside app.asar). */
export function consoleDirFor(appPath: string): string {
  return path.join(appPath, 'dist', 'renderer');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Electron names userData after productName ("Relaydesk"); on Linux the CLI's data folder
 * is ~/.config/relaydesk (relay/config/data-dir.ts), and the file system is case-sensitive.
 * Point userData there so `npm start` and the app share one state, as on macOS and Windows.
 */
function shareDataDirWithCli(): void {
  if (process.platform === 'linux') app.setPath('userData', path.join(app.getPath('appData'), 'relaydesk'));
}

function appLogsDir(): string {
  try {
    return app.getPath('logs');
  } catch {
    app.setAppLogsPath(); // older Electron: 'logs' exists only once set
    return app.getPath('logs');
  }
}

// One crash hook per process, pointed at the current log (startDesktopApp runs once in the
// app, many times in tests).
let crashLog: AppLog | null = null;
function logCrashesTo(log: AppLog): void {
  if (crashLog === null) {
    process.on('uncaughtExceptionMonitor', (error) => crashLog?.error(`uncaught exception: ${describeError(error)}`));
  }
  crashLog = log;
}

/**
 * Wires the desktop shell: single-instance lock, relay start on ready (asking for another
 * port when the configured one is taken), the console window (position remembered, hidden
 * to the tray on close), the tray and dock menus, the bridge's IPC handlers, and a graceful
 * relay shutdown on quit. Called once by index.ts.
 */
export function startDesktopApp(): void {
  shareDataDirWithCli();
  if (!app.requestSingleInstanceLock()) {
    // Another Relaydesk is running; it gets 'second-instance' and shows its window.
    app.quit();
    return;
  }

  const dataDir = app.getPath('userData');
  const log = openAppLog(appLogsDir());
  logCrashesTo(log);
  const prefs = DesktopPrefsFile.load(dataDir, log);
  const startAtLogin = safeStartAtLogin(startAtLoginFor(app), log);

  let relay: RelayHandle | null = null;
  /** Where this computer reaches the running relay (loopback when bound to every interface). */
  let local: LocalAddresses | null = null;
  let relayStart: Promise<RelayHandle | null> = Promise.resolve(null);
  let mainWindow: BrowserWindow | null = null;
  let tray: DesktopTray | null = null;
  let shutdown: 'running' | 'closing' | 'closed' = 'running';
  let sessionEnding = false;

  const createWindow = (addresses: LocalAddresses): BrowserWindow => {
    const window = createMainWindow(addresses.consoleUrl, restoreWindowPlacement(prefs.get().window, screen), log);
    trackWindowState(window, (state) => prefs.update({ window: state }));
    // Windows logging off or shutting down closes windows without before-quit: let this
    // close through (a prevented one would hold up the logoff) and close the relay meanwhile.
    window.on('session-end', () => {
      sessionEnding = true;
      void relay?.close().catch((error: unknown) => log.error(`relay close at session end: ${describeError(error)}`));
    });
    window.on('close', (event) => {
      // While quitting the window must close, or the quit would stall.
      if (shutdown !== 'running' || sessionEnding || !prefs.get().closeToTray || !tray) return;
      event.preventDefault();
      window.hide(); // the relay keeps running; the tray brings the window back
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    return window;
  };

  /** Shows (creating, restoring, focusing) the console window; null while the relay is not up. */
  const showWindow = (): BrowserWindow | null => {
    if (!local || shutdown !== 'running') return null;
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createWindow(local); // shows itself when ready
      return mainWindow;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    return mainWindow;
  };

  const trayStatus = (): TrayStatus => ({
    relay: shutdown !== 'running' ? 'stopping' : relay ? 'running' : 'starting',
    port: relay?.port ?? null,
    lan: relay ? isLanHost(relay.host) : false,
    baseUrl: local?.relayBaseUrl ?? null,
    startAtLogin: startAtLogin.get(),
    closeToTray: prefs.get().closeToTray,
  });
  const refreshTray = () => tray?.update(trayStatus());

  const createTray = () => {
    try {
      tray = new DesktopTray(loadTrayIcon(trayIconPath(), log), trayStatus(), {
        openConsole: () => void showWindow(),
        copyBaseUrl: () => {
          if (local) clipboard.writeText(local.relayBaseUrl);
        },
        openDataFolder: () => {
          openFolder(dataDir).catch((error: unknown) => log.warn(`could not open ${dataDir}: ${describeError(error)}`));
        },
        setStartAtLogin: (enabled) => {
          startAtLogin.set(enabled);
          refreshTray();
        },
        setCloseToTray: (enabled) => {
          prefs.update({ closeToTray: enabled });
          refreshTray();
        },
        quit: () => app.quit(),
      });
    } catch (error) {
      // Some Linux desktops have no tray: the app still works, closing the window quits.
      log.warn(`no tray icon: ${describeError(error)}`);
      tray = null;
    }
  };

  app.on('second-instance', () => {
    showWindow(); // still starting: the window appears when the relay is up
  });

  app.on('activate', () => {
    // macOS: clicking the dock icon brings back the hidden or closed console window.
    showWindow();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('before-quit', (event) => {
    if (shutdown === 'closed') return; // relay is down: let the quit proceed
    event.preventDefault();
    if (shutdown === 'closing') return; // a close is already under way
    shutdown = 'closing';
    refreshTray();
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.hide(); // feels immediate while streams finish
    log.info('quitting: closing the relay');
    void (async () => {
      try {
        const handle = await relayStart; // a quit during startup waits for the relay
        if (handle) await withTimeout(handle.close(), RELAY_CLOSE_TIMEOUT_MS, 'Closing the relay');
        if (handle) log.info('relay closed');
      } catch (error) {
        log.error(`relay did not close cleanly: ${describeError(error)}`);
      } finally {
        relay = null;
        local = null;
        shutdown = 'closed';
        app.quit();
      }
    })();
  });

  app.on('will-quit', () => {
    tray?.destroy();
    tray = null;
  });

  registerBridgeHandlers({
    consoleOrigin: () => local?.origin ?? null,
    appVersion: app.getVersion(),
    dataDir,
    startAtLogin,
    onStartAtLoginChanged: () => refreshTray(),
  });

  /** startRelay on the remembered port; on a conflict, offers the next free one or quitting (null). */
  const startRelayOnChosenPort = async (): Promise<RelayHandle | null> => {
    const host = relayHostFor(dataDir);
    let port = prefs.get().port ?? RELAY_PORT;
    const secretSealer = safeStorageSealer(); // after ready: before it, Linux reports no encryption
    for (let questions = 0; ; questions += 1) {
      try {
        const handle = await startRelay({
          host,
          port,
          dataDir,
          secretBackend: 'auto',
          secretSealer,
          consoleDir: consoleDirFor(app.getAppPath()),
          log,
          shutdownGraceMs: RELAY_SHUTDOWN_GRACE_MS,
        });
        if (port !== (prefs.get().port ?? RELAY_PORT)) prefs.update({ port }); // later launches use it
        return handle;
      } catch (error) {
        if (!(error instanceof PortInUseError) || questions >= MAX_PORT_QUESTIONS) throw error;
        const free = await findNextFreePort(host, port);
        if (free === null) throw error;
        log.warn(`port ${port} on ${host} is in use; offering port ${free}`);
        if (!(await askToUseOtherPort(dialog, port, free))) {
          log.info(`port ${port} in use: quitting as chosen`);
          return null;
        }
        port = free;
      }
    }
  };

  relayStart = app.whenReady().then(async () => {
    createTray();
    try {
      const handle = await startRelayOnChosenPort();
      if (!handle) {
        app.quit();
        return null;
      }
      log.info(`relay listening on ${handle.origin} (secrets: ${handle.secretBackend}, data: ${dataDir})`);
      relay = handle;
      local = localAddresses(handle);
      refreshTray();
      if (shutdown === 'running') {
        // Started by the system at login: stay in the tray (without a tray, show the window).
        if (tray && launchedAtLogin(app)) log.info('started at login: the console stays in the tray');
        else showWindow();
      }
      return handle;
    } catch (error) {
      const { title, content } = startupErrorMessage(error);
      log.error(`${title}: ${describeError(error)}`);
      dialog.showErrorBox(title, `${content}\n\nThe log is at:\n${log.file}`);
      app.quit();
      return null;
    }
  });
}

/** Start at login must never break the tray or a quit: a failing OS call is logged and reads as off. */
function safeStartAtLogin(inner: StartAtLogin, log: AppLog): StartAtLogin {
  return {
    get() {
      try {
        return inner.get();
      } catch (error) {
        log.warn(`cannot read the start-at-login setting: ${describeError(error)}`);
        return false;
      }
    },
    set(enabled) {
      try {
        return inner.set(enabled);
      } catch (error) {
        log.error(`cannot change the start-at-login setting: ${describeError(error)}`);
        return this.get();
      }
    },
  };
}
