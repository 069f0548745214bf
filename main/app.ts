import path from 'node:path';
import { app, BrowserWindow, clipboard, dialog, powerMonitor, screen, type Notification } from 'electron';
import { PortInUseError, startRelay, type RelayHandle } from '../relay/index.js';
import { describeError, openAppLog, type AppLog } from './app-log.js';
import { appLogsDir, shareDataDirWithCli } from './app-paths.js';
import { openFolder, registerBridgeHandlers } from './bridge-handlers.js';
import { logCrashesTo } from './crash-log.js';
import { DesktopPrefsFile } from './desktop-prefs.js';
import { isLanHost, localAddresses, relayHostFor, type LocalAddresses } from './lan-exposure.js';
import { askToUseOtherPort, findNextFreePort, portFromEnv } from './port-choice.js';
import { RELAY_SHUTDOWN_GRACE_MS, RelayShutdown } from './relay-shutdown.js';
import { safeStorageSealer } from './secret-sealer.js';
import { launchedAtLogin, startAtLoginFor, type StartAtLogin } from './start-at-login.js';
import { startupErrorMessage } from './startup-error-message.js';
import { DesktopTray, loadTrayIcon, trayIconPath, type TrayStatus } from './tray.js';
import { showTrayHint } from './tray-hint.js';
import { createMainWindow } from './window.js';
import { restoreWindowPlacement, trackWindowState } from './window-state.js';

export { startupErrorMessage } from './startup-error-message.js';

export const RELAY_PORT = 3000;
/** A port picked after a conflict can be taken in the meantime: ask at most this often. */
const MAX_PORT_QUESTIONS = 3;

/** The built console inside the app (`<app>/dist/renderer`, also inside app.asar). */
export function consoleDirFor(appPath: string): string {
  return path.join(appPath, 'dist', 'renderer');
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
  /** Someone asked for the window before the relay was up (a second launch, a dock click). */
  let showRequested = false;
  /** The "still running" notification, kept so its click handler lives. */
  let trayHint: Notification | null = null;

  const shutdown = new RelayShutdown({
    relay: () => relayStart,
    log,
    onClosing: () => {
      refreshTray();
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.hide(); // feels immediate while streams finish
    },
    onClosed: () => {
      relay = null;
      local = null;
    },
    quit: () => app.quit(),
    holdQuitAtSessionEnd: process.platform === 'win32',
  });

  const hideToTray = (window: BrowserWindow) => {
    window.hide(); // the relay keeps running; the tray brings the window back
    if (prefs.get().trayHintShown) return;
    trayHint = showTrayHint(() => void showWindow());
    if (trayHint) prefs.update({ trayHintShown: true });
  };

  const createWindow = (addresses: LocalAddresses): BrowserWindow => {
    const window = createMainWindow(addresses.consoleUrl, restoreWindowPlacement(prefs.get().window, screen), log);
    trackWindowState(window, (state) => prefs.update({ window: state }));
    // Windows logging off or shutting down closes windows without before-quit: let this
    // close through (a prevented one would hold up the logoff) and close the relay meanwhile.
    window.on('session-end', () => shutdown.windowsSessionEnd());
    window.on('close', (event) => {
      // While quitting the window must close, or the quit would stall.
      if (shutdown.phase !== 'running' || shutdown.sessionEnding || !prefs.get().closeToTray || !tray) return;
      event.preventDefault();
      hideToTray(window);
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    return window;
  };

  /** Shows (creating, restoring, focusing) the console window; before the relay is up, remembers the wish. */
  const showWindow = (): BrowserWindow | null => {
    if (shutdown.phase !== 'running') return null;
    if (!local) {
      showRequested = true; // shown once the relay is up, even when started at login
      return null;
    }
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
    relay: shutdown.phase !== 'running' ? 'stopping' : relay ? 'running' : 'starting',
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

  app.on('before-quit', (event) => shutdown.beforeQuit(event));

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

  /** startRelay on the configured port; on a conflict, offers the next free one or quitting (null). */
  const startRelayOnChosenPort = async (): Promise<RelayHandle | null> => {
    const host = relayHostFor(dataDir);
    const envPort = portFromEnv(process.env); // as `npm start`: RELAYDESK_PORT wins over desktop.json
    const configuredPort = envPort ?? prefs.get().port ?? RELAY_PORT;
    let port = configuredPort;
    const sealing = safeStorageSealer(); // after ready: before it, Linux reports no encryption
    if ('unavailable' in sealing) log.warn(`no OS encryption for the secrets file key: ${sealing.unavailable}`);
    for (let questions = 0; ; questions += 1) {
      try {
        const handle = await startRelay({
          host,
          port,
          dataDir,
          secretBackend: 'auto',
          secretSealer: 'sealer' in sealing ? sealing.sealer : undefined,
          plainSecretKey: 'refuse', // never a plain secrets.key from the desktop app
          consoleDir: consoleDirFor(app.getAppPath()),
          log,
          shutdownGraceMs: RELAY_SHUTDOWN_GRACE_MS,
        });
        // Later launches use a port chosen after a conflict (unless RELAYDESK_PORT says otherwise).
        if (port !== configuredPort && envPort === undefined) prefs.update({ port });
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
    // macOS, Linux: the system is shutting down or logging out (powerMonitor needs 'ready').
    powerMonitor.on('shutdown', (event?: { preventDefault(): void }) => shutdown.systemShutdown(event));
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
      if (shutdown.phase === 'running') {
        // Started by the system at login: stay in the tray (without a tray, or when someone
        // asked for the window meanwhile, show it).
        if (tray && launchedAtLogin(app) && !showRequested) log.info('started at login: the console stays in the tray');
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
