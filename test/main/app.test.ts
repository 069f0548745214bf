import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));
vi.mock('../../relay/index.js', () => import('./fake-relay.js'));

import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  display,
  fakeEvent,
  flush,
  ipcMain,
  Menu,
  Notification,
  powerMonitor,
  resetFakeElectron,
  safeStorage,
  screen,
  shell,
  Tray,
  type FakeMenu,
} from './fake-electron.js';
import { DataDirLockedError, fakeHandle, PortInUseError, SecretBackendError, slowClosingHandle, startRelay, StateFileError } from './fake-relay.js';
import { startDesktopApp } from '../../main/app.js';
import { RELAY_CLOSE_TIMEOUT_MS, SESSION_END_CLOSE_TIMEOUT_MS } from '../../main/relay-shutdown.js';
import { TRAY_HINT_TITLE } from '../../main/tray-hint.js';
import { IPC_CHANNELS, MAX_CLIPBOARD_TEXT_LENGTH, UNTRUSTED_SENDER_MESSAGE } from '../../main/ipc-contract.js';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const setPlatform = (value: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...platform, value });
const CONSOLE = 'http://127.0.0.1:3000/';

/** Starts the shell and lets whenReady + startRelay settle. */
async function boot() {
  startDesktopApp();
  app.ready();
  await flush();
}

/** userData as the app sets it: on Linux the CLI's folder (appData/relaydesk), usable before boot. */
const dataDir = () =>
  process.platform === 'linux' ? path.join(app.getPath('appData'), 'relaydesk') : app.getPath('userData');
const prefsFile = () => path.join(dataDir(), 'desktop.json');
const readPrefs = () => JSON.parse(readFileSync(prefsFile(), 'utf8')) as Record<string, unknown>;
const writePrefs = (prefs: object) => {
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(prefsFile(), JSON.stringify(prefs));
};
const logText = () => readFileSync(path.join(app.getPath('logs'), 'main.log'), 'utf8');
const window0 = () => BrowserWindow.instances[0]!;
const trayMenu = (): FakeMenu => {
  const tray = Tray.instances[0];
  if (!tray?.menu) throw new Error('no tray menu');
  return tray.menu;
};
const startOptions = (call = 0) => startRelay.mock.calls[call]![0] as Record<string, unknown>;

beforeEach(() => {
  resetFakeElectron();
  setPlatform('linux');
  startRelay.mockReset();
  startRelay.mockImplementation(async (options: unknown) => fakeHandle((options as { port: number }).port));
  dialog.showMessageBox.mockReset();
  dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const argv = [...process.argv];
afterEach(() => {
  process.argv = [...argv];
  Object.defineProperty(process, 'platform', platform);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('startup', () => {
  it('starts the relay on 127.0.0.1:3000 with the shared data folder, the bundled console and the app log', async () => {
    startDesktopApp();
    expect(startRelay).not.toHaveBeenCalled(); // nothing before app is ready
    app.ready();
    await flush();
    expect(startRelay).toHaveBeenCalledTimes(1);
    expect(startOptions()).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: path.join(app.root, 'appData', 'relaydesk'), // Linux: the CLI's ~/.config/relaydesk
      secretBackend: 'auto',
      consoleDir: path.join('/fake/app', 'dist', 'renderer'),
    });
    expect(app.setPath).toHaveBeenCalledWith('userData', path.join(app.root, 'appData', 'relaydesk'));
    // The relay logs into the app's log file.
    const relayLog = startOptions().log as { info(message: string): void };
    relayLog.info('from the relay');
    expect(logText()).toMatch(/INFO from the relay\n$/);
  });

  it('seals the encrypted secrets file key with Electron safeStorage, asked once the app is ready', async () => {
    startDesktopApp();
    expect(safeStorage.isEncryptionAvailable).not.toHaveBeenCalled();
    app.ready();
    await flush();
    const sealer = startOptions().secretSealer as { name: string; seal(b: Buffer): Promise<Buffer>; unseal(b: Buffer): Promise<Buffer> };
    expect(sealer.name).toBe('Electron safeStorage (gnome_libsecret)');
    const key = Buffer.from('0123456789abcdef');
    expect(await sealer.unseal(await sealer.seal(key))).toEqual(key);
  });

  it('never allows a plain secrets key: with no OS encryption it passes no sealer and says so in the log', async () => {
    safeStorage.isEncryptionAvailable.mockReturnValueOnce(false);
    await boot();
    expect(startOptions().secretSealer).toBeUndefined();
    expect(startOptions().plainSecretKey).toBe('refuse');
    expect(logText()).toContain('WARN no OS encryption for the secrets file key: safeStorage reports no OS encryption');
  });

  it('refuses a plain key with a sealer too (the relay seals an existing one)', async () => {
    await boot();
    expect(startOptions().plainSecretKey).toBe('refuse');
    expect(startOptions().secretSealer).toBeDefined();
  });

  it('keeps Electron userData as the data folder on macOS and Windows', async () => {
    setPlatform('win32');
    await boot();
    expect(app.setPath).not.toHaveBeenCalledWith('userData', expect.anything());
    expect(startOptions().dataDir).toBe(path.join(app.root, 'userData'));
  });

  it('opens one window on the relay consoleUrl and logs where it listens', async () => {
    startRelay.mockImplementation(async () => fakeHandle(4123));
    await boot();
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(window0().loadedUrls).toEqual(['http://127.0.0.1:4123/']);
    expect(logText()).toContain('relay listening on http://127.0.0.1:4123');
  });

  it('logs a console that fails to load into the log file', async () => {
    vi.spyOn(BrowserWindow.prototype, 'loadURL').mockRejectedValueOnce(new Error('ERR_CONNECTION_REFUSED'));
    await boot();
    expect(logText()).toMatch(/ERROR could not load the console at http:\/\/127\.0\.0\.1:3000\/: Error: ERR_CONNECTION_REFUSED/);
  });

  it('binds all interfaces when the lan_access setting is on, and the tray says so', async () => {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(path.join(dataDir(), 'state.json'), JSON.stringify({ options: { lan_access: true } }));
    const origin = 'http://0.0.0.0:3000';
    startRelay.mockImplementation(async () => ({
      ...fakeHandle(3000),
      host: '0.0.0.0',
      origin,
      consoleUrl: `${origin}/`,
      relayBaseUrl: `${origin}/v1`,
    }));
    await boot();
    expect(startOptions().host).toBe('0.0.0.0');
    expect(trayMenu().item('lan').label).toMatch(/LAN access: on/);
    // 0.0.0.0 is no address to connect to: this computer uses loopback.
    expect(window0().loadedUrls).toEqual([CONSOLE]);
    trayMenu().click('copy-base-url');
    expect(clipboard.text).toBe('http://127.0.0.1:3000/v1');
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, CONSOLE)).resolves.toBe('1.2.3');
  });

  it('quits at once when another instance holds the lock', async () => {
    app.gotLock = false;
    await boot();
    expect(app.quit).toHaveBeenCalled();
    expect(startRelay).not.toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(Tray.instances).toHaveLength(0);
  });

  it('uses the port remembered in desktop.json', async () => {
    writePrefs({ port: 4555 });
    await boot();
    expect(startOptions().port).toBe(4555);
    expect(window0().loadedUrls).toEqual(['http://127.0.0.1:4555/']);
  });
});

describe('RELAYDESK_PORT', () => {
  afterEach(() => {
    delete process.env.RELAYDESK_PORT;
  });

  it('is the configured port, as for `npm start`, over desktop.json', async () => {
    process.env.RELAYDESK_PORT = '4777';
    writePrefs({ port: 4555 });
    await boot();
    expect(startOptions().port).toBe(4777);
  });

  it('a port chosen after a conflict on it is used, but not remembered over the variable', async () => {
    process.env.RELAYDESK_PORT = '4777';
    startRelay.mockRejectedValueOnce(new PortInUseError('127.0.0.1', 4777));
    await boot();
    await vi.waitFor(() => expect(startRelay).toHaveBeenCalledTimes(2));
    await flush();
    expect(startOptions(1).port).toBeGreaterThan(4777);
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(existsSync(prefsFile()) ? readPrefs().port : undefined).toBeUndefined();
  });

  it('an invalid value is a startup error naming the variable', async () => {
    process.env.RELAYDESK_PORT = 'eighty';
    await boot();
    expect(startRelay).not.toHaveBeenCalled();
    const [, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(content).toMatch(/RELAYDESK_PORT is "eighty": use a number from 0 to 65535/);
    expect(app.quits).toBe(1);
  });
});

describe('port taken at start', () => {
  it('"Use port N" starts the relay on the next free port and remembers it', async () => {
    startRelay.mockRejectedValueOnce(new PortInUseError('127.0.0.1', 3000));
    await boot();
    await vi.waitFor(() => expect(startRelay).toHaveBeenCalledTimes(2));
    await flush();

    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1);
    const options = dialog.showMessageBox.mock.calls[0]![0] as { buttons: string[]; message: string; cancelId: number };
    expect(options.message).toContain('3000');
    const offered = Number(/^Use port (\d+)$/.exec(options.buttons[0]!)?.[1]);
    expect(offered).toBeGreaterThan(3000);
    expect(options.buttons[options.cancelId]).toBe('Quit');

    expect(startOptions(1).port).toBe(offered);
    expect(readPrefs().port).toBe(offered);
    expect(window0().loadedUrls).toEqual([`http://127.0.0.1:${offered}/`]);
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(app.quits).toBe(0);
  });

  it('"Quit" quits without a window, an error box or a remembered port', async () => {
    startRelay.mockRejectedValueOnce(new PortInUseError('127.0.0.1', 3000));
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    await boot();
    await vi.waitFor(() => expect(app.quits).toBe(1));
    expect(startRelay).toHaveBeenCalledTimes(1);
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(existsSync(prefsFile())).toBe(false);
  });

  it('with no free port left, shows an error box naming the port and the log file, then quits', async () => {
    writePrefs({ port: 65_535 }); // nothing above it to offer
    startRelay.mockRejectedValueOnce(new PortInUseError('127.0.0.1', 65_535));
    await boot();
    await vi.waitFor(() => expect(dialog.showErrorBox).toHaveBeenCalledTimes(1));
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/port/i);
    expect(content).toContain('65535');
    expect(content).toMatch(/already in use/);
    expect(content).toContain(path.join(app.getPath('logs'), 'main.log'));
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });
});

describe('startup failures', () => {
  it('StateFileError shows an error box naming the file and the log, logs it, then quits', async () => {
    startRelay.mockRejectedValueOnce(new StateFileError('/data/state.json', 'Unexpected token } in JSON'));
    await boot();
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/data file/i);
    expect(content.split('/data/state.json')).toHaveLength(2); // named once
    expect(content).toContain('Unexpected token');
    expect(content).toContain(path.join(app.getPath('logs'), 'main.log'));
    expect(logText()).toMatch(/ERROR .*Unexpected token/);
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('DataDirLockedError names the folder and the other process, then quits', async () => {
    startRelay.mockRejectedValueOnce(new DataDirLockedError('/data', 4242));
    await boot();
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/in use/i);
    expect(content).toContain('/data');
    expect(content).toContain('4242');
    expect(app.quits).toBe(1);
  });

  it('SecretBackendError (no OS encryption) shows its advice and the log, then quits', async () => {
    startRelay.mockRejectedValueOnce(new SecretBackendError('No OS encryption is available … Unlock or install a keyring (gnome-keyring or KWallet) … No secret or key was changed.'));
    await boot();
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe('Relaydesk cannot start: secrets unavailable');
    expect(content).toMatch(/^No OS encryption is available … Unlock or install a keyring \(gnome-keyring or KWallet\) … No secret or key was changed\.\n\nThe log is at:\n/);
    expect(content).toContain(path.join(app.getPath('logs'), 'main.log'));
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
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
    const { handle, finishClose } = slowClosingHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();

    app.quit(); // Cmd+Q / menu Quit
    expect(app.quits).toBe(0); // held back while the relay closes
    expect(window0().visible).toBe(false); // the window goes away at once
    expect(trayMenu().item('status').label).toBe('Relay stopping…');
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
    expect(window0().destroyed).toBe(true);
    expect(Tray.instances[0]!.destroyed).toBe(true);
    expect(logText()).toContain('relay closed');

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
    expect(logText()).toMatch(/ERROR relay did not close cleanly: Error: close failed/);
  });

  it('quits anyway when the relay does not close in time', async () => {
    const handle = fakeHandle();
    handle.close.mockImplementation(() => new Promise<void>(() => {}));
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    app.quit();
    await vi.advanceTimersByTimeAsync(RELAY_CLOSE_TIMEOUT_MS - 1);
    expect(app.quits).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
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

describe('close to tray', () => {
  it('by default, closing the window hides it and the relay keeps running', async () => {
    const handle = fakeHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    const window = window0();
    window.emit('ready-to-show');
    window.close();
    expect(window.destroyed).toBe(false);
    expect(window.visible).toBe(false);
    expect(window.hide).toHaveBeenCalled();
    await flush();
    expect(handle.close).not.toHaveBeenCalled();
    expect(app.quit).not.toHaveBeenCalled();

    // The tray brings the same window back.
    trayMenu().click('open-console');
    expect(window.visible).toBe(true);
    expect(window.focus).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it('the first time, a notification says Relaydesk still runs and how to get it back; never again after', async () => {
    await boot();
    window0().close();
    expect(Notification.instances).toHaveLength(1);
    const hint = Notification.instances[0]!;
    expect(hint.show).toHaveBeenCalled();
    expect(hint.options.title).toBe(TRAY_HINT_TITLE);
    expect(hint.options.body).toMatch(/keeps serving your agents.*tray icon, or by starting Relaydesk again; quit it from the tray icon's menu/);
    expect(readPrefs().trayHintShown).toBe(true);

    hint.emit('click'); // brings the console back
    expect(window0().visible).toBe(true);
    window0().close();
    expect(Notification.instances).toHaveLength(1);

    // Next launch (same userData): remembered.
    BrowserWindow.instances = [];
    app.removeAllListeners();
    ipcMain.handlers.clear();
    await boot();
    window0().close();
    expect(window0().visible).toBe(false);
    expect(Notification.instances).toHaveLength(1);
  });

  it('shows no notification where the system has none, and tries again next time', async () => {
    Notification.supported = false;
    await boot();
    window0().close();
    expect(window0().visible).toBe(false); // still hidden to the tray
    expect(Notification.instances).toHaveLength(0);
    expect(existsSync(prefsFile()) ? readPrefs().trayHintShown : undefined).toBeUndefined();
  });

  it('quitting with the window hidden in the tray is not blocked by the close handler', async () => {
    const handle = fakeHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    window0().close(); // hidden
    trayMenu().click('quit');
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1);
    expect(window0().destroyed).toBe(true);
  });

  it('turned off in the tray menu, closing the window closes it and quits (Linux, Windows)', async () => {
    const handle = fakeHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    expect(trayMenu().item('close-to-tray').checked).toBe(true);
    trayMenu().click('close-to-tray');
    expect(readPrefs().closeToTray).toBe(false);
    expect(trayMenu().item('close-to-tray').checked).toBe(false); // menu rebuilt

    window0().close();
    expect(window0().destroyed).toBe(true);
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1);
  });

  it('is remembered: closeToTray false in desktop.json closes the window for real', async () => {
    writePrefs({ closeToTray: false });
    await boot();
    setPlatform('darwin'); // macOS: the app stays in the dock, no quit
    window0().close();
    expect(window0().destroyed).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    app.emit('activate'); // dock click opens a new console window
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(BrowserWindow.instances[1]!.loadedUrls).toEqual([CONSOLE]);
  });

  it('without a tray (none on this desktop), closing the window closes it', async () => {
    Tray.failWith = new Error('no StatusNotifier host');
    await boot();
    expect(BrowserWindow.instances).toHaveLength(1); // the app still runs
    window0().close();
    expect(window0().destroyed).toBe(true);
    expect(logText()).toContain('no tray icon');
  });
});

describe('started at login', () => {
  it('with --hidden (Windows, Linux), the relay runs in the tray and no window opens until asked', async () => {
    process.argv.push('--hidden');
    await boot();
    expect(startRelay).toHaveBeenCalledTimes(1);
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(trayMenu().item('status').label).toBe('Relay running on port 3000');
    trayMenu().click('open-console');
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(window0().loadedUrls).toEqual([CONSOLE]);
  });

  it('on macOS, when the system says it opened the app at login', async () => {
    setPlatform('darwin');
    app.loginItem.wasOpenedAtLogin = true;
    await boot();
    expect(BrowserWindow.instances).toHaveLength(0);
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it('a second launch while the login-started app is still starting shows the window once the relay is up', async () => {
    process.argv.push('--hidden');
    let finishStart!: (h: ReturnType<typeof fakeHandle>) => void;
    startRelay.mockImplementationOnce(() => new Promise((resolve) => (finishStart = resolve)));
    await boot();
    app.emit('second-instance', fakeEvent(), ['relaydesk'], '/');
    expect(BrowserWindow.instances).toHaveLength(0); // nothing to show yet
    finishStart(fakeHandle());
    await flush();
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(window0().loadedUrls).toEqual([CONSOLE]);
    expect(logText()).not.toContain('the console stays in the tray');
  });

  it('shows the window anyway when there is no tray to come back from', async () => {
    process.argv.push('--hidden');
    Tray.failWith = new Error('no tray');
    await boot();
    expect(BrowserWindow.instances).toHaveLength(1);
  });
});

describe('the OS ending the session', () => {
  it('Windows: lets the window close (no hiding to the tray), holds the quit until the relay is closed, then quits', async () => {
    setPlatform('win32');
    const { handle, finishClose } = slowClosingHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    window0().emit('session-end', fakeEvent());
    window0().close(); // Windows closes the windows; the last one closed quits the app
    expect(window0().destroyed).toBe(true);
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(0); // held: the relay is still writing its state

    finishClose();
    await flush();
    expect(app.quits).toBe(1);
  });

  it('macOS/Linux shutdown: asks the OS to wait, closes the relay, quits, and never holds a quit back', async () => {
    setPlatform('darwin');
    const { handle, finishClose } = slowClosingHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();

    const shutdownEvent = fakeEvent();
    powerMonitor.emit('shutdown', shutdownEvent);
    expect(shutdownEvent.defaultPrevented).toBe(true); // Electron delays the shutdown for us
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(window0().visible).toBe(false);
    expect(trayMenu().item('status').label).toBe('Relay stopping…');

    expect(app.quits).toBe(0);

    finishClose();
    await flush();
    expect(app.quits).toBe(1); // the app quits by itself once the relay is down
    expect(window0().destroyed).toBe(true); // not hidden to the tray
    expect(logText()).toMatch(/INFO the system is shutting down: closing the relay \(up to 5 s\)/);
    expect(logText()).toContain('relay closed');
  });

  it("macOS logout: the OS's own quit during the close goes through at once (holding it back would cancel the logout)", async () => {
    setPlatform('darwin');
    const { handle, finishClose } = slowClosingHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    powerMonitor.emit('shutdown', fakeEvent());
    await flush();

    app.quit(); // what the OS asks of every app after its power-off notice
    expect(app.quits).toBe(1);
    expect(window0().destroyed).toBe(true);
    finishClose();
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1); // no second quit
  });

  it('gives the relay only a short time at shutdown, even when a normal quit was already waiting longer', async () => {
    setPlatform('linux');
    const handle = fakeHandle();
    handle.close.mockImplementation(() => new Promise<void>(() => {})); // a stream that never ends
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    app.quit(); // the user's quit: up to RELAY_CLOSE_TIMEOUT_MS
    await vi.advanceTimersByTimeAsync(1_000);
    powerMonitor.emit('shutdown', fakeEvent());
    await vi.advanceTimersByTimeAsync(SESSION_END_CLOSE_TIMEOUT_MS - 1);
    expect(app.quits).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.quits).toBe(1);
    expect(SESSION_END_CLOSE_TIMEOUT_MS).toBeLessThan(RELAY_CLOSE_TIMEOUT_MS);
    expect(logText()).toMatch(/ERROR relay did not close cleanly: Error: Closing the relay timed out after 5000 ms/);
    await vi.advanceTimersByTimeAsync(RELAY_CLOSE_TIMEOUT_MS);
    expect(app.quits).toBe(1); // the user's quit does not quit a second time
  });

  it('a shutdown while the relay is still starting closes it once it is up, and opens no window', async () => {
    const handle = fakeHandle();
    let finishStart!: (h: typeof handle) => void;
    startRelay.mockImplementationOnce(() => new Promise((resolve) => (finishStart = resolve)));
    await boot();
    powerMonitor.emit('shutdown', fakeEvent());
    finishStart(handle);
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });
});

describe('windows', () => {
  it('activate shows the hidden window (macOS dock click)', async () => {
    await boot();
    window0().close(); // to the tray
    app.emit('activate');
    expect(window0().visible).toBe(true);
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it('a second instance restores and focuses the existing window', async () => {
    await boot();
    const window = window0();
    window.minimized = true;
    app.emit('second-instance', fakeEvent(), ['relaydesk'], '/');
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
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

  it('remembers size, position and maximized state, and restores them next launch', async () => {
    screen.displays = [display(1, { x: 0, y: 0, width: 1920, height: 1040 }), display(2, { x: 1920, y: 0, width: 2560, height: 1400 })];
    await boot();
    const window = window0();
    expect(window.options).toMatchObject({ width: 1200, height: 800 });
    expect(window.options).not.toHaveProperty('x');
    window.moveTo({ x: 2100, y: 150, width: 1400, height: 900 });
    window.maximize();
    window.close(); // saves at once (and hides)
    expect(readPrefs().window).toEqual({ bounds: { x: 2100, y: 150, width: 1400, height: 900 }, maximized: true });

    // Next launch (same userData).
    const root = app.root;
    BrowserWindow.instances = [];
    app.removeAllListeners();
    ipcMain.handlers.clear();
    startRelay.mockClear();
    expect(app.root).toBe(root);
    await boot();
    const restored = BrowserWindow.instances[0]!;
    expect(restored.options).toMatchObject({ x: 2100, y: 150, width: 1400, height: 900 });
    expect(restored.maximize).not.toHaveBeenCalled();
    restored.emit('ready-to-show');
    expect(restored.maximize).toHaveBeenCalled();
    expect(restored.show).toHaveBeenCalled();
  });

  it('a window saved on a display that is gone comes back on the primary display', async () => {
    writePrefs({ window: { bounds: { x: 3000, y: 200, width: 1300, height: 850 }, maximized: false } });
    await boot();
    const { x, y, width, height } = window0().options as Record<string, number>;
    expect([width, height]).toEqual([1300, 850]);
    expect(x! >= 0 && x! + width! <= 1920).toBe(true);
    expect(y! >= 0 && y! + height! <= 1040).toBe(true);
  });

  it('saves the bounds once moving settles', async () => {
    await boot();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window0().moveTo({ x: 10, y: 20 });
    window0().moveTo({ x: 30, y: 40 });
    expect(existsSync(prefsFile())).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(readPrefs().window).toMatchObject({ bounds: { x: 30, y: 40 } });
  });
});

describe('tray', () => {
  it('shows the relay status and the 16 px icon from assets/icons with its 32 px @2x', async () => {
    await boot();
    expect(Tray.instances).toHaveLength(1);
    const image = Tray.instances[0]!.image as { path: string; representations: { scaleFactor: number }[] };
    expect(image.path).toBe(path.join('/fake/app', 'assets', 'icons', '16x16.png'));
    const menu = trayMenu();
    expect(menu.item('status').label).toBe('Relay running on port 3000');
    expect(menu.item('lan').label).toMatch(/LAN access: off/);
    expect(Tray.instances[0]!.toolTip).toMatch(/port 3000/);
  });

  it('says "starting" until the relay is up, with the console items disabled', async () => {
    startRelay.mockImplementationOnce(() => new Promise(() => {}));
    await boot();
    expect(trayMenu().item('status').label).toBe('Relay starting…');
    expect(trayMenu().item('open-console').enabled).toBe(false);
    expect(trayMenu().item('copy-base-url').enabled).toBe(false);
  });

  it('Copy base URL puts the relay base URL on the clipboard', async () => {
    startRelay.mockImplementation(async () => fakeHandle(4321));
    await boot();
    trayMenu().click('copy-base-url');
    expect(clipboard.text).toBe('http://127.0.0.1:4321/v1');
  });

  it('Open console creates the window again when it was closed for real', async () => {
    setPlatform('darwin');
    writePrefs({ closeToTray: false });
    await boot();
    window0().close();
    trayMenu().click('open-console');
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(BrowserWindow.instances).toHaveLength(2);
  });

  it('Open data folder opens the data folder', async () => {
    await boot();
    trayMenu().click('open-data-folder');
    expect(shell.openPath).toHaveBeenCalledWith(dataDir());
  });

  it('Start at login (Linux) writes and removes an XDG autostart entry and the menu follows', async () => {
    await boot();
    const entry = path.join(app.getPath('appData'), 'autostart', 'relaydesk.desktop');
    expect(trayMenu().item('start-at-login').checked).toBe(false);
    trayMenu().click('start-at-login');
    expect(readFileSync(entry, 'utf8')).toMatch(/^Exec=".+" --hidden$/m);
    expect(trayMenu().item('start-at-login').checked).toBe(true);
    trayMenu().click('start-at-login');
    expect(existsSync(entry)).toBe(false);
    expect(trayMenu().item('start-at-login').checked).toBe(false);
  });

  it('Start at login (macOS) uses login items, and the dock menu mirrors the tray without Quit', async () => {
    setPlatform('darwin');
    await boot();
    trayMenu().click('start-at-login');
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    expect(trayMenu().item('start-at-login').checked).toBe(true);
    const dockMenu = app.dock.setMenu.mock.calls.at(-1)![0];
    expect(dockMenu.item('start-at-login').checked).toBe(true);
    expect(dockMenu.item('status').label).toBe('Relay running on port 3000');
    expect(() => dockMenu.item('quit')).toThrow();
    dockMenu.click('copy-base-url');
    expect(clipboard.text).toBe('http://127.0.0.1:3000/v1');
  });

  it('Quit closes the relay and quits', async () => {
    const handle = fakeHandle();
    startRelay.mockResolvedValueOnce(handle);
    await boot();
    trayMenu().click('quit');
    await flush();
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(app.quits).toBe(1);
  });

  it('a left click on the tray icon opens the console', async () => {
    await boot();
    window0().close();
    Tray.instances[0]!.emit('click');
    expect(window0().visible).toBe(true);
    expect(Menu.buildFromTemplate).toHaveBeenCalled();
  });
});

describe('IPC handlers', () => {
  it('answers the console and refuses other senders', async () => {
    await boot();
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, CONSOLE)).resolves.toBe('1.2.3');
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, 'https://evil.example/')).rejects.toThrow(
      UNTRUSTED_SENDER_MESSAGE,
    );
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, CONSOLE)).resolves.toBeUndefined();
    expect(shell.openPath).toHaveBeenCalledWith(dataDir());
    for (const channel of Object.values(IPC_CHANNELS)) {
      await expect(ipcMain.invoke(channel, 'https://evil.example/', true), channel).rejects.toThrow(
        UNTRUSTED_SENDER_MESSAGE,
      );
    }
    expect(shell.openPath).toHaveBeenCalledTimes(1);
    expect(clipboard.writeText).not.toHaveBeenCalled();
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('refuses every sender before the relay is up', async () => {
    startDesktopApp();
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, CONSOLE)).rejects.toThrow(UNTRUSTED_SENDER_MESSAGE);
  });

  it('reports a failure to open the data folder', async () => {
    shell.openPath.mockResolvedValueOnce('Failed to open path');
    await boot();
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, CONSOLE)).rejects.toThrow('Failed to open path');
  });

  it('copyToClipboard writes text, and refuses non-strings and oversized text', async () => {
    await boot();
    await expect(ipcMain.invoke(IPC_CHANNELS.copyToClipboard, CONSOLE, 'sk-123')).resolves.toBeUndefined();
    expect(clipboard.text).toBe('sk-123');
    await expect(ipcMain.invoke(IPC_CHANNELS.copyToClipboard, CONSOLE, { toString: () => 'x' })).rejects.toThrow(
      /must be a string/,
    );
    await expect(
      ipcMain.invoke(IPC_CHANNELS.copyToClipboard, CONSOLE, 'x'.repeat(MAX_CLIPBOARD_TEXT_LENGTH + 1)),
    ).rejects.toThrow(/longer than/);
    expect(clipboard.writeText).toHaveBeenCalledTimes(1);
  });

  it('get/setStartAtLogin use login items on Windows and the tray menu follows', async () => {
    setPlatform('win32');
    await boot();
    await expect(ipcMain.invoke(IPC_CHANNELS.getStartAtLogin, CONSOLE)).resolves.toBe(false);
    await expect(ipcMain.invoke(IPC_CHANNELS.setStartAtLogin, CONSOLE, true)).resolves.toBe(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, args: ['--hidden'] });
    await expect(ipcMain.invoke(IPC_CHANNELS.getStartAtLogin, CONSOLE)).resolves.toBe(true);
    expect(trayMenu().item('start-at-login').checked).toBe(true);
    await expect(ipcMain.invoke(IPC_CHANNELS.setStartAtLogin, CONSOLE, 'yes')).rejects.toThrow(/boolean/);
    expect(app.setLoginItemSettings).toHaveBeenCalledTimes(1);
  });
});

describe('main/index.ts', () => {
  it('wires the desktop app while Electron evaluates it, before ready can fire', async () => {
    vi.resetModules();
    await import('../../main/index.js');
    // No waiting: once the entry module has evaluated, the lock is taken and the quit hooked.
    expect(app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(app.listenerCount('before-quit')).toBe(1);
  });
});
