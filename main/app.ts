import path from 'node:path';
import { app, BrowserWindow, dialog, shell } from 'electron';
import {
  DataDirLockedError,
  PortInUseError,
  StateFileError,
  startRelay,
  type RelayHandle,
} from '../relay/index.js';
import { IPC_CHANNELS } from './ipc-contract.js';
import { handle } from './ipc.js';
import { createMainWindow } from './window.js';

export const RELAY_HOST = '127.0.0.1';
export const RELAY_PORT = 3000;
/** How long quitting waits for the relay to close before giving up on it. */
export const RELAY_CLOSE_TIMEOUT_MS = 5_000;

const log = {
  info: (message: string) => console.log(`[relaydesk] ${message}`),
  warn: (message: string) => console.warn(`[relaydesk] ${message}`),
  error: (message: string) => console.error(`[relaydesk] ${message}`),
};

/** The built console inside the app (`<app>/dist/renderer`, also inside app.asar). */
export function consoleDirFor(appPath: string): string {
  return path.join(appPath, 'dist', 'renderer');
}

/** Title and text of the error box shown when the relay cannot start. */
export function startupErrorMessage(error: unknown): { title: string; content: string } {
  if (error instanceof PortInUseError) {
    return {
      title: 'Relaydesk cannot start: port in use',
      content:
        `Port ${error.port} on ${error.host} is already in use, so Relaydesk cannot start its relay.\n\n` +
        'Another copy of Relaydesk or another program is probably using it. ' +
        'Quit that program and start Relaydesk again.',
    };
  }
  if (error instanceof StateFileError) {
    const names = error.message.includes(error.file) ? '' : `${error.file}\n\n`;
    return {
      title: 'Relaydesk cannot start: unreadable data file',
      content:
        `Relaydesk could not use its data file.\n\n${names}${error.message}\n\n` +
        'If the file is damaged, restore it from a backup or move it elsewhere, then start Relaydesk again.',
    };
  }
  if (error instanceof DataDirLockedError) {
    return {
      title: 'Relaydesk cannot start: data folder in use',
      content:
        `Another Relaydesk process (pid ${error.pid}) is using the data folder:\n${error.dataDir}\n\n` +
        'It may be a relay started from the command line with the same data folder. ' +
        'Stop it, then start Relaydesk again.',
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    title: 'Relaydesk cannot start',
    content: `The relay could not be started:\n\n${detail}`,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Wires the desktop shell: single-instance lock, relay start on ready, the console
 * window, IPC handlers, and a graceful relay shutdown on quit. Called once by index.ts.
 */
export function startDesktopApp(): void {
  if (!app.requestSingleInstanceLock()) {
    // Another Relaydesk is running; it gets 'second-instance' and shows its window.
    app.quit();
    return;
  }

  let relay: RelayHandle | null = null;
  let relayStart: Promise<RelayHandle | null> = Promise.resolve(null);
  let mainWindow: BrowserWindow | null = null;
  let shutdown: 'running' | 'closing' | 'closed' = 'running';

  const openWindow = (): BrowserWindow | null => {
    if (!relay) return null;
    if (mainWindow && !mainWindow.isDestroyed()) return mainWindow;
    const window = createMainWindow(relay.consoleUrl);
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    mainWindow = window;
    return window;
  };

  app.on('second-instance', () => {
    const window = openWindow();
    if (!window) return; // still starting: the window appears when the relay is up
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });

  app.on('activate', () => {
    // macOS: clicking the dock icon with no window open re-creates the console window.
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('before-quit', (event) => {
    if (shutdown === 'closed') return; // relay is down: let the quit proceed
    event.preventDefault();
    if (shutdown === 'closing') return; // a close is already under way
    shutdown = 'closing';
    void (async () => {
      try {
        const handle = await relayStart; // a quit during startup waits for the relay
        if (handle) await withTimeout(handle.close(), RELAY_CLOSE_TIMEOUT_MS, 'Closing the relay');
      } catch (error) {
        log.error(`relay did not close cleanly: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        relay = null;
        shutdown = 'closed';
        app.quit();
      }
    })();
  });

  const relayOrigin = () => relay?.origin ?? null;
  handle(IPC_CHANNELS.appVersion, relayOrigin, () => app.getVersion());
  handle(IPC_CHANNELS.openDataFolder, relayOrigin, async () => {
    const failure = await shell.openPath(app.getPath('userData'));
    if (failure) throw new Error(failure);
  });

  relayStart = app.whenReady().then(async () => {
    try {
      const handle = await startRelay({
        host: RELAY_HOST,
        port: RELAY_PORT,
        dataDir: app.getPath('userData'),
        secretBackend: 'auto',
        consoleDir: consoleDirFor(app.getAppPath()),
        log,
      });
      log.info(`relay listening on ${handle.origin} (secrets: ${handle.secretBackend})`);
      relay = handle;
      if (shutdown === 'running') openWindow();
      return handle;
    } catch (error) {
      const { title, content } = startupErrorMessage(error);
      log.error(`${title}: ${error instanceof Error ? error.message : String(error)}`);
      dialog.showErrorBox(title, content);
      app.quit();
      return null;
    }
  });
}
