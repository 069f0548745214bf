import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));

import { lanLine, statusLine, trayIconPath, trayMenuTemplate, type TrayStatus } from '../../main/tray.js';

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

describe('trayIconPath', () => {
  const packaged = { isPackaged: true, getAppPath: () => '/x/app.asar' };
  const source = { isPackaged: false, getAppPath: () => '/src/relaydesk' };

  it('is the coloured 16 px icon in <resources>/tray when packaged, the template image on macOS', () => {
    expect(trayIconPath(packaged, '/opt/Relaydesk/resources', 'linux')).toBe(path.join('/opt/Relaydesk/resources', 'tray', '16x16.png'));
    expect(trayIconPath(packaged, '/Applications/Relaydesk.app/Contents/Resources', 'darwin')).toBe(
      path.join('/Applications/Relaydesk.app/Contents/Resources', 'tray', 'trayTemplate.png'),
    );
  });

  it('points at files that exist in the source tree, and electron-builder copies each to resources/tray', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const builder = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const file = trayIconPath({ isPackaged: false, getAppPath: () => root }, '/unused', platform);
      expect(existsSync(file)).toBe(true);
      const relative = path.relative(root, file).split(path.sep).join('/');
      expect(builder).toContain(`from: ${relative}\n    to: tray/${path.basename(file)}`);
    }
    expect(trayIconPath(source, '/unused', 'win32')).toBe(path.join('/src/relaydesk', 'assets', 'icons', '16x16.png'));
  });
});
