import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));
vi.mock('../../relay/index.js', () => import('./fake-relay.js'));

import { app, BrowserWindow, dialog, fakeEvent, flush, ipcMain, resetFakeElectron, shell } from './fake-electron.js';
import { DataDirLockedError, fakeHandle, PortInUseError, startRelay, StateFileError } from './fake-relay.js';
import { startDesktopApp } from '../../main/app.js';
import { IPC_CHANNELS, UNTRUSTED_SENDER_MESSAGE } from '../../main/ipc-contract.js';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const setPlatform = (value: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...platform, value });

/** Starts the shell and lets whenReady + startRelay settle. */
async function boot() {
  startDesktopApp();
  app.ready();
  await flush();
}

beforeEach(() => {
  resetFakeElectron();
  startRelay.mockReset();
  startRelay.mockImplementation(async () => fakeHandle());
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  Object.defineProperty(process, 'platform', platform);
  vi.restoreAllMocks();
});

describe('startup', () => {
  it('starts the relay on 127.0.0.1:3000 with userData as dataDir and the bundled console', async () => {
    startDesktopApp();
    expect(startRelay).not.toHaveBeenCalled(); // nothing before app is ready
    app.ready();
    await flush();
    expect(startRelay).toHaveBeenCalledTimes(1);
    expect(startRelay.mock.calls[0]![0]).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: '/fake/userData',
      secretBackend: 'auto',
      consoleDir: path.join('/fake/app', 'dist', 'renderer'),
    });
    expect(app.getPath).toHaveBeenCalledWith('userData');
  });

  it('opens one window on the relay consoleUrl', async () => {
    startRelay.mockImplementation(async () => fakeHandle(4123));
    await boot();
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(BrowserWindow.instances[0]!.loadedUrls).toEqual(['http://127.0.0.1:4123/']);
  });

  it('quits at once when another instance holds the lock', async () => {
    app.gotLock = false;
    await boot();
    expect(app.quit).toHaveBeenCalled();
    expect(startRelay).not.toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
  });
});

describe('startup failures', () => {
  it('PortInUseError shows an error box naming the port, then quits', async () => {
    startRelay.mockRejectedValueOnce(new PortInUseError('127.0.0.1', 3000));
    await boot();
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(1);
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/port/i);
    expect(content).toContain('3000');
    expect(content).toContain('127.0.0.1');
    expect(content).toMatch(/already in use/);
    expect(app.quit).toHaveBeenCalled();
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('StateFileError shows an error box naming the file, then quits', async () => {
    startRelay.mockRejectedValueOnce(new StateFileError('/fake/userData/state.json', 'Unexpected token } in JSON'));
    await boot();
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/data file/i);
    expect(content.split('/fake/userData/state.json')).toHaveLength(2); // named once
    expect(content).toContain('Unexpected token');
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('DataDirLockedError names the folder and the other process, then quits', async () => {
    startRelay.mockRejectedValueOnce(new DataDirLockedError('/fake/userData', 4242));
    await boot();
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/in use/i);
    expect(content).toContain('/fake/userData');
    expect(content).toContain('4242');
    expect(app.quits).toBe(1);
  });

  it('any other startup error also shows an error box and quits', async () => {
    startRelay.mockRejectedValueOnce(new Error('EACCES: permission denied'));
    await boot();
    expect(dialog.showErrorBox).toHaveBeenCalledWith(expect.any(String), expect.stringContaining('EACCES'));
    expect(app.quits).toBe(1);
  });
});

describe('quitting', () => {
  it('before-quit closes the relay once, then lets the quit through', async () => {
    const handle = fakeHandle();
    let finishClose!: () => void;
    handle.close.mockImplementation(() => new Promise<void>((resolve) => (finishClose = resolve)));
    startRelay.mockResolvedValueOnce(handle);
    await boot();

    app.quit(); // Cmd+Q / menu Quit
    expect(app.quits).toBe(0); // held back while the relay closes
    app.quit(); // impatient second quit while closing
    const extra = fakeEvent();
    app.emit('before-quit', extra);
    expect(extra.defaultPrevented).toBe(true);
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(0);

    finishClose();
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1); // the re-issued quit went through

    // Later before-quit events (e.g. from the OS) pass straight through.
    const late = fakeEvent();
    app.emit('before-quit', late);
    expect(late.defaultPrevented).toBe(false);
    expect(handle.close).toHaveBeenCalledTimes(1);
  });

  it('still quits when closing the relay fails', async () => {
    const handle = fakeHandle();
    handle.close.mockRejectedValueOnce(new Error('close failed'));
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    app.quit();
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1);
  });

  it('a quit during startup waits for the relay, closes it and opens no window', async () => {
    const handle = fakeHandle();
    let finishStart!: (h: typeof handle) => void;
    startRelay.mockImplementationOnce(() => new Promise((resolve) => (finishStart = resolve)));
    startDesktopApp();
    app.ready();
    await flush();
    app.quit();
    await flush();
    expect(app.quits).toBe(0);
    finishStart(handle);
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('window-all-closed quits on Windows and Linux but not on macOS', async () => {
    await boot();
    setPlatform('darwin');
    app.emit('window-all-closed');
    expect(app.quit).not.toHaveBeenCalled();
    setPlatform('linux');
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(1);
    setPlatform('win32');
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(2);
  });
});

describe('windows', () => {
  it('activate re-creates the window when none is open (macOS dock click)', async () => {
    await boot();
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(1); // one already open: nothing new
    BrowserWindow.instances[0]!.close();
    app.emit('activate');
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(BrowserWindow.instances).toHaveLength(2);
    expect(BrowserWindow.instances[1]!.loadedUrls).toEqual(['http://127.0.0.1:3000/']);
  });

  it('a second instance restores and focuses the existing window', async () => {
    await boot();
    const window = BrowserWindow.instances[0]!;
    window.minimized = true;
    app.emit('second-instance', fakeEvent(), ['relaydesk'], '/');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it('a second instance before the relay is up does nothing (the window comes later)', async () => {
    startDesktopApp();
    app.emit('second-instance', fakeEvent(), [], '/');
    expect(BrowserWindow.instances).toHaveLength(0);
    app.ready();
    await flush();
    expect(BrowserWindow.instances).toHaveLength(1);
  });
});

describe('IPC handlers', () => {
  it('answers the console and refuses other senders', async () => {
    await boot();
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, 'http://127.0.0.1:3000/')).resolves.toBe('1.2.3');
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, 'https://evil.example/')).rejects.toThrow(
      UNTRUSTED_SENDER_MESSAGE,
    );
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, 'http://127.0.0.1:3000/')).resolves.toBeUndefined();
    expect(shell.openPath).toHaveBeenCalledWith('/fake/userData');
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, 'https://evil.example/')).rejects.toThrow();
    expect(shell.openPath).toHaveBeenCalledTimes(1);
  });

  it('refuses every sender before the relay is up', async () => {
    startDesktopApp();
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, 'http://127.0.0.1:3000/')).rejects.toThrow(
      UNTRUSTED_SENDER_MESSAGE,
    );
  });

  it('reports a failure to open the data folder', async () => {
    shell.openPath.mockResolvedValueOnce('Failed to open path');
    await boot();
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, 'http://127.0.0.1:3000/')).rejects.toThrow(
      'Failed to open path',
    );
  });
});

describe('main/index.ts', () => {
  it('starts the desktop app when Electron loads it', async () => {
    vi.resetModules();
    await import('../../main/index.js');
    expect(app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(app.listenerCount('before-quit')).toBe(1);
  });
});
