/**
 * A small stand-in for the `electron` module (whose binary cannot run here), used by
 * `vi.mock('electron', () => import('./fake-electron.js'))`. It records what the main
 * process does and lets tests drive app events the way Electron would.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function fakeEvent<T extends object>(extra: T = {} as T): FakeEvent & T {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
    ...extra,
  };
}

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string) => boolean;

class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  setPermissionRequestHandler(handler: PermissionRequestHandler | null) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null) {
    this.permissionCheckHandler = handler;
  }
}

class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | null = null;
  session = new FakeSession();
  setWindowOpenHandler(handler: WindowOpenHandler) {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.instances.filter((window) => !window.destroyed);
  }

  readonly webContents = new FakeWebContents();
  destroyed = false;
  visible = false;
  minimized = false;
  loadedUrls: string[] = [];
  show = vi.fn(() => {
    this.visible = true;
  });
  focus = vi.fn();
  restore = vi.fn(() => {
    this.minimized = false;
  });

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }

  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, InvokeHandler>(),
  handle: vi.fn((channel: string, handler: InvokeHandler) => {
    if (ipcMain.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcMain.handlers.set(channel, handler);
  }),
  removeHandler: vi.fn((channel: string) => {
    ipcMain.handlers.delete(channel);
  }),
  /** Calls a registered handler the way `ipcRenderer.invoke` from `senderUrl` would. */
  async invoke(channel: string, senderUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = { senderFrame: senderUrl === null ? null : { url: senderUrl } };
    return handler(event, ...args);
  },
};

export const dialog = { showErrorBox: vi.fn() };

export const shell = {
  openExternal: vi.fn(async (_url: string) => {}),
  openPath: vi.fn(async (_path: string) => ''),
};

export const contextBridge = { exposeInMainWorld: vi.fn() };
export const ipcRenderer = { invoke: vi.fn(async (..._args: unknown[]) => undefined) };

class FakeApp extends EventEmitter {
  gotLock = true;
  /** How many times a quit actually went through (before-quit not prevented). */
  quits = 0;
  private readyResolve: () => void = () => {};
  private readyPromise: Promise<void> = Promise.resolve();

  requestSingleInstanceLock = vi.fn(() => this.gotLock);
  whenReady = vi.fn(() => this.readyPromise);
  getPath = vi.fn((name: string) => `/fake/${name}`);
  getAppPath = vi.fn(() => '/fake/app');
  getVersion = vi.fn(() => '1.2.3');
  quit = vi.fn(() => {
    const event = fakeEvent();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quits += 1;
  });

  /** Resolves `whenReady()`. */
  ready() {
    this.readyResolve();
  }

  reset() {
    this.removeAllListeners();
    this.gotLock = true;
    this.quits = 0;
    this.readyPromise = new Promise<void>((resolve) => {
      this.readyResolve = resolve;
    });
  }
}

export const app = new FakeApp();

/** Puts every fake back to its initial state (call in beforeEach). */
export function resetFakeElectron() {
  vi.clearAllMocks();
  app.reset();
  BrowserWindow.instances = [];
  ipcMain.handlers.clear();
}

/** Lets pending promise callbacks (and one macrotask turn) run. */
export async function flush(turns = 5) {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export default { app, BrowserWindow, dialog, shell, ipcMain, contextBridge, ipcRenderer };
