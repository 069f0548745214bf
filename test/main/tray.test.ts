import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));

import { lanLine, statusLine, trayIconDir, trayMenuTemplate, type TrayStatus } from '../../main/tray.js';

const running: TrayStatus = {
  relay: 'running',
  port: 3000,
  lan: false,
  baseUrl: 'http://127.0.0.1:3000/v1',
  startAtLogin: false,
  closeToTray: true,
};
const actions = () => ({
  openConsole: vi.fn(),
  copyBaseUrl: vi.fn(),
  openDataFolder: vi.fn(),
  setStartAtLogin: vi.fn(),
  setCloseToTray: vi.fn(),
  quit: vi.fn(),
});

describe('trayMenuTemplate', () => {
  it('lists status, LAN, the actions and Quit, in order', () => {
    const items = trayMenuTemplate(running, actions());
    expect(items.map((item) => item.id ?? item.type)).toEqual([
      'status',
      'lan',
      'separator',
      'open-console',
      'copy-base-url',
      'open-data-folder',
      'separator',
      'start-at-login',
      'close-to-tray',
      'separator',
      'quit',
    ]);
    expect(items[0]).toMatchObject({ label: 'Relay running on port 3000', enabled: false });
    expect(items[4]!.label).toBe('Copy base URL (http://127.0.0.1:3000/v1)');
  });

  it('wires each item to its action; checkboxes pass their new state', () => {
    const a = actions();
    const items = new Map(trayMenuTemplate(running, a).map((item) => [item.id, item]));
    const click = (id: string, checked?: boolean) => items.get(id)!.click!({ checked } as never, undefined as never, {} as never);
    click('open-console');
    click('copy-base-url');
    click('open-data-folder');
    click('start-at-login', true);
    click('close-to-tray', false);
    click('quit');
    expect(a.openConsole).toHaveBeenCalledTimes(1);
    expect(a.copyBaseUrl).toHaveBeenCalledTimes(1);
    expect(a.openDataFolder).toHaveBeenCalledTimes(1);
    expect(a.setStartAtLogin).toHaveBeenCalledWith(true);
    expect(a.setCloseToTray).toHaveBeenCalledWith(false);
    expect(a.quit).toHaveBeenCalledTimes(1);
  });

  it('has no Quit for the dock', () => {
    expect(trayMenuTemplate(running, actions(), { withQuit: false }).some((item) => item.id === 'quit')).toBe(false);
  });

  it('describes each relay state and LAN exposure', () => {
    expect(statusLine({ ...running, relay: 'starting', port: null })).toBe('Relay starting…');
    expect(statusLine({ ...running, relay: 'stopping' })).toBe('Relay stopping…');
    expect(lanLine(running)).toMatch(/off/);
    expect(lanLine({ ...running, lan: true })).toMatch(/on/);
  });
});

describe('trayIconDir', () => {
  it('is <resources>/icons when packaged and assets/icons from the source tree', () => {
    expect(trayIconDir({ isPackaged: true, getAppPath: () => '/x/app.asar' }, '/opt/Relaydesk/resources')).toBe(
      path.join('/opt/Relaydesk/resources', 'icons'),
    );
    expect(trayIconDir({ isPackaged: false, getAppPath: () => '/src/relaydesk' }, '/unused')).toBe(
      path.join('/src/relaydesk', 'assets', 'icons'),
    );
  });

  it('holds the 16 and 32 px icons in the source tree', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const dir = trayIconDir({ isPackaged: false, getAppPath: () => root });
    expect(existsSync(path.join(dir, '16x16.png'))).toBe(true);
    expect(existsSync(path.join(dir, '32x32.png'))).toBe(true);
  });
});
