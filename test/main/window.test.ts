import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));

import { BrowserWindow, fakeEvent, resetFakeElectron, shell } from './fake-electron.js';
import { createMainWindow, isConsoleUrl, PRELOAD_PATH } from '../../main/window.js';

const CONSOLE_URL = 'http://127.0.0.1:3000/';
const CONSOLE_ORIGIN = 'http://127.0.0.1:3000';
const mainDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main');

function open() {
  const window = createMainWindow(CONSOLE_URL) as unknown as BrowserWindow;
  expect(BrowserWindow.instances).toContain(window);
  return window;
}

beforeEach(() => resetFakeElectron());

describe('createMainWindow', () => {
  it('uses the secure webPreferences and the compiled CommonJS preload', () => {
    const window = open();
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: PRELOAD_PATH,
    });
    expect(window.options.webPreferences).not.toHaveProperty('enableRemoteModule');
    // tsc emits main/preload.cts as preload.cjs next to window.js (see preload.test.ts).
    expect(path.isAbsolute(PRELOAD_PATH)).toBe(true);
    expect(path.basename(PRELOAD_PATH)).toBe('preload.cjs');
    expect(path.dirname(PRELOAD_PATH)).toBe(mainDir);
  });

  it('is titled Relaydesk, 1200x800 (min 900x600), hidden until ready-to-show', () => {
    const window = open();
    expect(window.options).toMatchObject({
      title: 'Relaydesk',
      width: 1200,
      height: 800,
      minWidth: 900,
      minHeight: 600,
      show: false,
    });
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });

  it('loads the console URL', () => {
    expect(open().loadedUrls).toEqual([CONSOLE_URL]);
  });

  it('rejects a console URL that is not a URL', () => {
    expect(() => createMainWindow('not a url')).toThrow(/Invalid console URL/);
  });
});

describe('navigation lock', () => {
  const navigate = (window: BrowserWindow, url: string, event = 'will-navigate') => {
    const e = fakeEvent({ url, isMainFrame: true });
    window.webContents.emit(event, e, url);
    return e.defaultPrevented;
  };

  it('allows navigation within the console origin', () => {
    const window = open();
    expect(navigate(window, 'http://127.0.0.1:3000/')).toBe(false);
    expect(navigate(window, 'http://127.0.0.1:3000/providers?tab=keys#top')).toBe(false);
  });

  it('prevents navigation to any other origin', () => {
    const window = open();
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:3001/', // other port
      'http://localhost:3000/', // other host name
      'https://127.0.0.1:3000/', // other scheme
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'not a url',
    ]) {
      expect(navigate(window, url), url).toBe(true);
    }
  });

  it('opens a link to another http(s) address in the system browser, and nothing else', () => {
    const window = open();
    expect(navigate(window, 'https://platform.openai.com/api-keys')).toBe(true); // the window stays on the console
    expect(navigate(window, 'http://example.com/docs')).toBe(true);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url', 'http://127.0.0.1:3000/logs']) {
      navigate(window, url);
    }
    expect(shell.openExternal.mock.calls).toEqual([['https://platform.openai.com/api-keys'], ['http://example.com/docs']]);
  });

  it('does not hand redirects to the browser', () => {
    const window = open();
    expect(navigate(window, 'https://evil.example/', 'will-redirect')).toBe(true);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('prevents main-frame redirects off the console origin', () => {
    const window = open();
    expect(navigate(window, 'https://evil.example/', 'will-redirect')).toBe(true);
    expect(navigate(window, 'http://127.0.0.1:3000/login', 'will-redirect')).toBe(false);
  });

  it('refuses <webview> attachment', () => {
    const window = open();
    const event = fakeEvent();
    window.webContents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('window.open handler', () => {
  const openFromPage = (window: BrowserWindow, url: string) => {
    const handler = window.webContents.windowOpenHandler;
    if (!handler) throw new Error('no window open handler installed');
    return handler({ url });
  };

  it('denies https and http URLs and opens them in the system browser', () => {
    const window = open();
    expect(openFromPage(window, 'https://platform.openai.com/docs')).toEqual({ action: 'deny' });
    expect(openFromPage(window, 'http://example.com/')).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://platform.openai.com/docs'], ['http://example.com/']]);
  });

  it('denies and ignores other schemes', () => {
    const window = open();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'about:blank', 'garbage']) {
      expect(openFromPage(window, url), url).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('survives the system browser failing to open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    shell.openExternal.mockRejectedValueOnce(new Error('no browser'));
    const window = open();
    expect(openFromPage(window, 'https://example.com/')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

describe('permissions', () => {
  it('grants clipboard writes to the console only and denies everything else', () => {
    const { session } = open().webContents;
    const ask = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      session.permissionRequestHandler?.({}, permission, (g) => (granted = g), { requestingUrl });
      return granted;
    };
    expect(ask('clipboard-sanitized-write', 'http://127.0.0.1:3000/keys')).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(ask('media', 'http://127.0.0.1:3000/')).toBe(false);
    expect(ask('geolocation', 'http://127.0.0.1:3000/')).toBe(false);
    expect(session.permissionCheckHandler?.({}, 'clipboard-sanitized-write', CONSOLE_ORIGIN)).toBe(true);
    expect(session.permissionCheckHandler?.({}, 'notifications', CONSOLE_ORIGIN)).toBe(false);
  });
});

describe('isConsoleUrl', () => {
  it('compares scheme, host and port exactly', () => {
    expect(isConsoleUrl('http://127.0.0.1:3000/x', CONSOLE_ORIGIN)).toBe(true);
    expect(isConsoleUrl('http://127.0.0.1:3000.evil.example/', CONSOLE_ORIGIN)).toBe(false);
    expect(isConsoleUrl('http://user@127.0.0.1:3000/', CONSOLE_ORIGIN)).toBe(true);
    expect(isConsoleUrl('file:///x', 'null')).toBe(false);
  });
});
