import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAtLoginFor, xdgAutostart } from '../../main/start-at-login.js';

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
    expect(entry).toContain('Exec="/opt/Relay Desk/relay\\"desk\\$"\n');
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
      'Exec="/home/me/Relaydesk.AppImage"',
    );
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });
});

describe('login items (macOS, Windows)', () => {
  it.each(['darwin', 'win32'] as const)('%s uses app.setLoginItemSettings', (platform) => {
    let openAtLogin = false;
    const app = {
      getPath: vi.fn(),
      getLoginItemSettings: vi.fn(() => ({ openAtLogin })),
      setLoginItemSettings: vi.fn((s: { openAtLogin: boolean }) => {
        openAtLogin = s.openAtLogin;
      }),
    };
    const login = startAtLoginFor(app as never, platform);
    expect(login.get()).toBe(false);
    expect(login.set(true)).toBe(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    expect(login.set(false)).toBe(false);
    expect(app.getPath).not.toHaveBeenCalled();
  });
});
