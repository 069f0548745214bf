import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchedAtLogin, startAtLoginFor, xdgAutostart } from '../../main/start-at-login.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaydesk-autostart-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('xdgAutostart (Linux)', () => {
  it('writes an autostart entry running the executable, quoted, and removes it', () => {
    const autostart = xdgAutostart(path.join(dir, 'autostart'), '/opt/Relay Desk/relay"desk$');
    expect(autostart.get()).toBe(false);
    expect(autostart.set(true)).toBe(true);
    const entry = readFileSync(path.join(dir, 'autostart', 'relaydesk.desktop'), 'utf8');
    expect(entry).toMatch(/^\[Desktop Entry\]\n/);
    expect(entry).toContain('Exec="/opt/Relay Desk/relay\\"desk\\$" --hidden\n');
    expect(entry).toContain('Type=Application\n');
    expect(autostart.set(false)).toBe(false);
    expect(existsSync(path.join(dir, 'autostart', 'relaydesk.desktop'))).toBe(false);
    expect(autostart.set(false)).toBe(false); // idempotent
  });

  it('is the choice for Linux, under appData/autostart, with the AppImage path', () => {
    const app = { getPath: vi.fn(() => dir), getLoginItemSettings: vi.fn(), setLoginItemSettings: vi.fn() };
    const autostart = startAtLoginFor(app as never, 'linux', '/home/me/Relaydesk.AppImage');
    autostart.set(true);
    expect(app.getPath).toHaveBeenCalledWith('appData');
    expect(readFileSync(path.join(dir, 'autostart', 'relaydesk.desktop'), 'utf8')).toContain(
      'Exec="/home/me/Relaydesk.AppImage" --hidden',
    );
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });
});

describe('login items (macOS, Windows)', () => {
  /** Like Electron on Windows: reading back without the same args answers false. */
  function fakeApp() {
    let item = { openAtLogin: false, args: [] as string[] };
    return {
      getPath: vi.fn(),
      getLoginItemSettings: vi.fn((options: { args?: string[] } = {}) => ({
        openAtLogin: item.openAtLogin && (options.args ?? []).join(' ') === item.args.join(' '),
        wasOpenedAtLogin: false,
      })),
      setLoginItemSettings: vi.fn((s: { openAtLogin: boolean; args?: string[] }) => {
        item = { openAtLogin: s.openAtLogin, args: s.args ?? [] };
      }),
    };
  }

  it('macOS uses app.setLoginItemSettings', () => {
    const app = fakeApp();
    const login = startAtLoginFor(app as never, 'darwin');
    expect(login.get()).toBe(false);
    expect(login.set(true)).toBe(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    expect(login.set(false)).toBe(false);
    expect(app.getPath).not.toHaveBeenCalled();
  });

  it('Windows registers the executable with --hidden and reads it back with the same args', () => {
    const app = fakeApp();
    const login = startAtLoginFor(app as never, 'win32');
    expect(login.set(true)).toBe(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, args: ['--hidden'] });
    expect(login.get()).toBe(true);
    expect(login.set(false)).toBe(false);
  });
});

describe('launchedAtLogin', () => {
  const app = (wasOpenedAtLogin: boolean) => ({ getLoginItemSettings: () => ({ wasOpenedAtLogin }) }) as never;
  it('is --hidden on the command line, or macOS saying so', () => {
    expect(launchedAtLogin(app(false), ['electron', '.', '--hidden'], 'win32')).toBe(true);
    expect(launchedAtLogin(app(false), ['electron', '.'], 'linux')).toBe(false);
    expect(launchedAtLogin(app(true), ['Relaydesk'], 'darwin')).toBe(true);
    expect(launchedAtLogin(app(true), ['Relaydesk'], 'win32')).toBe(false);
  });
});
