/**
 * A small stand-in for the `electron` module (whose binary cannot run here), used by
 * `vi.mock('electron', () => import('./fake-electron.js'))`. It records what the main
 * process does and lets tests drive app events the way Electron would.
 *
 * app.getPath answers with folders under a fresh temporary directory per test, so the
 * desktop preferences and the log file are written for real and can be read back.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, vi } from 'vitest';
import { createFakeSafeStorage } from './fake-safe-storage.js';

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

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string) => boolean;
export interface HeadersDetails {
  url: string;
  responseHeaders?: Record<string, string[]>;
}
export type HeadersReceivedListener = (
  details: HeadersDetails,
  callback: (response: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
) => void;

class FakeWebRequest {
  headersReceived: HeadersReceivedListener | null = null;
  onHeadersReceived = vi.fn((filterOrListener: unknown, maybeListener?: HeadersReceivedListener) => {
    this.headersReceived = (maybeListener ?? filterOrListener) as HeadersReceivedListener;
  });
  /** Runs the registered listener the way Chromium would for a response; returns its answer. */
  receive(url: string, responseHeaders: Record<string, string[]>) {
    let answer: { responseHeaders?: Record<string, string[]>; cancel?: boolean } | undefined;
    if (!this.headersReceived) throw new Error('no onHeadersReceived listener');
    this.headersReceived({ url, responseHeaders }, (response) => (answer = response));
    return answer;
  }
}

class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  webRequest = new FakeWebRequest();
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
  maximized = false;
  bounds: Rect;
  loadedUrls: string[] = [];
  show = vi.fn(() => {
    this.visible = true;
  });
  hide = vi.fn(() => {
    this.visible = false;
  });
  focus = vi.fn();
  restore = vi.fn(() => {
    this.minimized = false;
  });
  maximize = vi.fn(() => {
    this.maximized = true;
    this.emit('maximize');
  });

  constructor(readonly options: Record<string, unknown>) {
    super();
    const n = (key: string, fallback: number) => (typeof options[key] === 'number' ? (options[key] as number) : fallback);
    this.bounds = { x: n('x', 100), y: n('y', 100), width: n('width', 800), height: n('height', 600) };
    BrowserWindow.instances.push(this);
  }

  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  isMinimized() {
    return this.minimized;
  }
  isMaximized() {
    return this.maximized;
  }
  isVisible() {
    return this.visible;
  }
  isDestroyed() {
    return this.destroyed;
  }
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }
  /** What the user does by dragging or resizing: new bounds, then the event. */
  moveTo(bounds: Partial<Rect>) {
    this.bounds = { ...this.bounds, ...bounds };
    this.emit(bounds.width !== undefined || bounds.height !== undefined ? 'resize' : 'move');
  }
  /** Like BrowserWindow#close: 'close' may be prevented; otherwise the window is destroyed. */
  close() {
    if (this.destroyed) return;
    const event = fakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
    if (BrowserWindow.getAllWindows().length === 0 && !app.quitting) app.emit('window-all-closed');
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

export const dialog = {
  showErrorBox: vi.fn(),
  /** Default answer: the first button. Tests replace it with mockResolvedValueOnce. */
  showMessageBox: vi.fn(async (_options: { buttons?: string[] }) => ({ response: 0, checkboxChecked: false })),
};

export const shell = {
  openExternal: vi.fn(async (_url: string) => {}),
  openPath: vi.fn(async (_path: string) => ''),
};

export const clipboard = {
  text: '',
  writeText: vi.fn((text: string) => {
    clipboard.text = text;
  }),
};

/** Encryption available, gnome-libsecret backend (see fake-safe-storage.ts). */
export const safeStorage = createFakeSafeStorage();

export const contextBridge = { exposeInMainWorld: vi.fn() };
export const ipcRenderer = { invoke: vi.fn(async (..._args: unknown[]) => undefined) };

export interface FakeDisplay {
  id: number;
  bounds: Rect;
  workArea: Rect;
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function display(id: number, workArea: Rect): FakeDisplay {
  return { id, bounds: workArea, workArea };
}

export const screen = {
  displays: [display(1, { x: 0, y: 0, width: 1920, height: 1040 })] as FakeDisplay[],
  getAllDisplays: vi.fn(() => screen.displays),
  getPrimaryDisplay: vi.fn(() => screen.displays[0]!),
  /** As Electron: the display that most closely intersects the rectangle. */
  getDisplayMatching: vi.fn((rect: Rect) => {
    let best = screen.displays[0]!;
    for (const candidate of screen.displays) {
      if (overlapArea(candidate.workArea, rect) > overlapArea(best.workArea, rect)) best = candidate;
    }
    return best;
  }),
};

export interface FakeMenuItem {
  id?: string;
  label?: string;
  type?: string;
  enabled?: boolean;
  checked?: boolean;
  click?: (item: FakeMenuItem, window?: unknown, event?: unknown) => void;
}

export class FakeMenu {
  constructor(readonly items: FakeMenuItem[]) {}
  item(id: string): FakeMenuItem {
    const found = this.items.find((item) => item.id === id);
    if (!found) throw new Error(`no menu item '${id}' in ${this.items.map((i) => i.id ?? i.type).join(', ')}`);
    return found;
  }
  /** Clicks like Electron: a checkbox flips `checked` before its click handler runs. */
  click(id: string) {
    const item = this.item(id);
    if (item.enabled === false) throw new Error(`menu item '${id}' is disabled`);
    const clicked = item.type === 'checkbox' ? { ...item, checked: !item.checked } : item;
    item.click?.(clicked, undefined, {});
  }
}

export const Menu = {
  buildFromTemplate: vi.fn((template: FakeMenuItem[]) => new FakeMenu(template.map((item) => ({ ...item })))),
};

export class Tray extends EventEmitter {
  static instances: Tray[] = [];
  /** Set to make `new Tray` throw (a desktop without a tray). */
  static failWith: Error | null = null;
  menu: FakeMenu | null = null;
  toolTip = '';
  destroyed = false;
  constructor(readonly image: unknown) {
    super();
    if (Tray.failWith) throw Tray.failWith;
    Tray.instances.push(this);
  }
  setContextMenu = vi.fn((menu: FakeMenu | null) => {
    this.menu = menu;
  });
  setToolTip = vi.fn((text: string) => {
    this.toolTip = text;
  });
  isDestroyed() {
    return this.destroyed;
  }
  destroy = vi.fn(() => {
    this.destroyed = true;
  });
}

export class FakeNativeImage {
  representations: { scaleFactor: number; buffer?: Buffer }[] = [];
  constructor(
    readonly path: string,
    private readonly empty: boolean,
  ) {}
  isEmpty() {
    return this.empty;
  }
  addRepresentation(options: { scaleFactor: number; buffer?: Buffer }) {
    this.representations.push(options);
  }
}

export const nativeImage = {
  createFromPath: vi.fn((file: string) => new FakeNativeImage(file, !file.endsWith('.png'))),
};

/** powerMonitor: tests emit 'shutdown' with a fakeEvent, as Electron does on macOS and Linux. */
export const powerMonitor = new EventEmitter();

export class Notification extends EventEmitter {
  static instances: Notification[] = [];
  /** Set to false for a system without notifications. */
  static supported = true;
  static isSupported = vi.fn(() => Notification.supported);
  shown = false;
  constructor(readonly options: { title?: string; body?: string; silent?: boolean }) {
    super();
    Notification.instances.push(this);
  }
  show = vi.fn(() => {
    this.shown = true;
  });
}

class FakeApp extends EventEmitter {
  gotLock = true;
  /** How many times a quit actually went through (before-quit not prevented). */
  quits = 0;
  /** True between a quit going through and the next reset (windows close, no window-all-closed). */
  quitting = false;
  isPackaged = false;
  /** The temporary folder holding this test's userData, logs and appData. */
  root = '';
  paths = new Map<string, string>();
  loginItem = { openAtLogin: false, wasOpenedAtLogin: false, args: [] as string[] };
  dock = { setMenu: vi.fn((_menu: FakeMenu) => {}) };
  private readyResolve: () => void = () => {};
  private readyPromise: Promise<void> = Promise.resolve();

  requestSingleInstanceLock = vi.fn(() => this.gotLock);
  whenReady = vi.fn(() => this.readyPromise);
  getPath = vi.fn((name: string) => this.paths.get(name) ?? path.join(this.root, name));
  setPath = vi.fn((name: string, value: string) => {
    this.paths.set(name, value);
  });
  setAppLogsPath = vi.fn();
  /** app.exit(code): recorded; unlike quit it emits nothing. */
  exit = vi.fn((_code?: number) => {});
  getAppPath = vi.fn(() => '/fake/app');
  getVersion = vi.fn(() => '1.2.3');
  /** As on Windows: openAtLogin is true only when asked with the arguments it was set with. */
  getLoginItemSettings = vi.fn((options: { args?: string[] } = {}) => ({
    ...this.loginItem,
    openAtLogin: this.loginItem.openAtLogin && (options.args ?? []).join(' ') === this.loginItem.args.join(' '),
  }));
  setLoginItemSettings = vi.fn((settings: { openAtLogin?: boolean; args?: string[] }) => {
    if (settings.openAtLogin !== undefined) this.loginItem.openAtLogin = settings.openAtLogin;
    this.loginItem.args = settings.args ?? [];
  });
  quit = vi.fn(() => {
    const event = fakeEvent();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    this.quits += 1;
    this.quitting = true;
    // As Electron: close every window (their 'close' can still be prevented), then will-quit.
    for (const window of BrowserWindow.getAllWindows()) window.close();
    if (BrowserWindow.getAllWindows().length === 0) this.emit('will-quit', fakeEvent());
  });

  /** Resolves `whenReady()`. */
  ready() {
    this.readyResolve();
  }

  reset() {
    this.removeAllListeners();
    this.gotLock = true;
    this.quits = 0;
    this.quitting = false;
    this.isPackaged = false;
    this.loginItem = { openAtLogin: false, wasOpenedAtLogin: false, args: [] };
    this.paths.clear();
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = mkdtempSync(path.join(tmpdir(), 'relaydesk-main-test-'));
    this.readyPromise = new Promise<void>((resolve) => {
      this.readyResolve = resolve;
    });
  }
}

export const app = new FakeApp();
// The last test's folder: each reset removes the one before.
afterAll(() => {
  if (app.root) rmSync(app.root, { recursive: true, force: true });
});

/** Puts every fake back to its initial state (call in beforeEach). */
export function resetFakeElectron() {
  vi.clearAllMocks();
  app.reset();
  BrowserWindow.instances = [];
  Tray.instances = [];
  Tray.failWith = null;
  Notification.instances = [];
  Notification.supported = true;
  powerMonitor.removeAllListeners();
  ipcMain.handlers.clear();
  clipboard.text = '';
  screen.displays = [display(1, { x: 0, y: 0, width: 1920, height: 1040 })];
}

/** Lets pending promise callbacks (and one macrotask turn) run. */
export async function flush(turns = 5) {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export default {
  app,
  BrowserWindow,
  dialog,
  shell,
  ipcMain,
  contextBridge,
  ipcRenderer,
  clipboard,
  screen,
  Menu,
  Tray,
  nativeImage,
  safeStorage,
  powerMonitor,
  Notification,
};
