import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { AppLogger } from '../relay/index.js';

/** What the tray and dock menus show. */
export interface TrayStatus {
  relay: 'starting' | 'running' | 'stopping';
  port: number | null;
  /** Bound beyond loopback (the lan_access setting). */
  lan: boolean;
  baseUrl: string | null;
  startAtLogin: boolean;
  closeToTray: boolean;
}

export interface TrayActions {
  openConsole(): void;
  copyBaseUrl(): void;
  openDataFolder(): void;
  setStartAtLogin(enabled: boolean): void;
  setCloseToTray(enabled: boolean): void;
  quit(): void;
}

export function statusLine(status: TrayStatus): string {
  switch (status.relay) {
    case 'starting':
      return 'Relay starting…';
    case 'stopping':
      return 'Relay stopping…';
    case 'running':
      return `Relay running on port ${status.port ?? '?'}`;
    default: {
      const never: never = status.relay;
      return never;
    }
  }
}

export function lanLine(status: TrayStatus): string {
  return status.lan ? 'LAN access: on (other machines can connect)' : 'LAN access: off (this computer only)';
}

/** The tray menu; the macOS dock menu is the same without Quit (the dock has its own). */
export function trayMenuTemplate(
  status: TrayStatus,
  actions: TrayActions,
  { withQuit = true }: { withQuit?: boolean } = {},
): MenuItemConstructorOptions[] {
  const running = status.relay === 'running';
  const template: MenuItemConstructorOptions[] = [
    { id: 'status', label: statusLine(status), enabled: false },
    { id: 'lan', label: lanLine(status), enabled: false },
    { type: 'separator' },
    { id: 'open-console', label: 'Open console', enabled: running, click: () => actions.openConsole() },
    {
      id: 'copy-base-url',
      label: status.baseUrl ? `Copy base URL (${status.baseUrl})` : 'Copy base URL',
      enabled: running && status.baseUrl !== null,
      click: () => actions.copyBaseUrl(),
    },
    { id: 'open-data-folder', label: 'Open data folder', click: () => actions.openDataFolder() },
    { type: 'separator' },
    {
      id: 'start-at-login',
      label: 'Start at login',
      type: 'checkbox',
      checked: status.startAtLogin,
      click: (item) => actions.setStartAtLogin(item.checked),
    },
    {
      id: 'close-to-tray',
      label: 'Keep running when the window is closed',
      type: 'checkbox',
      checked: status.closeToTray,
      click: (item) => actions.setCloseToTray(item.checked),
    },
  ];
  if (withQuit) template.push({ type: 'separator' }, { id: 'quit', label: 'Quit Relaydesk', click: () => actions.quit() });
  return template;
}

/**
 * Where the tray icons are: `<resources>/icons` in the packaged app (electron-builder
 * `extraResources`: assets/icons/{16x16,32x32}.png → icons/), `<repo>/assets/icons` when
 * run from the source tree. Not inside app.asar: the tray on Linux hands the file path to
 * the desktop environment, which cannot read an archive.
 */
export function trayIconDir(
  electronApp: Pick<typeof app, 'isPackaged' | 'getAppPath'> = app,
  resourcesPath: string = process.resourcesPath,
): string {
  return electronApp.isPackaged
    ? path.join(resourcesPath, 'icons')
    : path.join(electronApp.getAppPath(), 'assets', 'icons');
}

/** The 16 px icon with the 32 px one as its @2x representation (HiDPI trays). */
export function loadTrayIcon(dir: string, log: AppLogger): NativeImage {
  const small = path.join(dir, '16x16.png');
  const large = path.join(dir, '32x32.png');
  const image = nativeImage.createFromPath(small);
  if (image.isEmpty()) log.warn(`tray icon missing or unreadable: ${small}`);
  else if (existsSync(large)) image.addRepresentation({ scaleFactor: 2, buffer: readFileSync(large) });
  return image;
}

/** The tray icon and the macOS dock menu, rebuilt from the status whenever it changes. */
export class DesktopTray {
  private readonly tray: Tray;
  private status: TrayStatus;

  constructor(
    icon: NativeImage,
    initial: TrayStatus,
    private readonly actions: TrayActions,
  ) {
    this.tray = new Tray(icon);
    this.status = initial;
    // Windows and most Linux trays: a left click opens the console; the menu is on right click.
    this.tray.on('click', () => {
      if (this.status.relay === 'running') actions.openConsole();
    });
    this.render();
  }

  update(patch: Partial<TrayStatus>): void {
    this.status = { ...this.status, ...patch };
    this.render();
  }

  get current(): Readonly<TrayStatus> {
    return this.status;
  }

  destroy(): void {
    if (!this.tray.isDestroyed()) this.tray.destroy();
  }

  private render(): void {
    if (this.tray.isDestroyed()) return;
    this.tray.setToolTip(`Relaydesk: ${statusLine(this.status).toLowerCase()}`);
    this.tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(this.status, this.actions)));
    if (process.platform === 'darwin') {
      app.dock?.setMenu(Menu.buildFromTemplate(trayMenuTemplate(this.status, this.actions, { withQuit: false })));
    }
  }
}
