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
 * The tray icon file for this platform. macOS menu bars want a monochrome template image
 * (`trayTemplate.png`; Electron picks up `@2x` beside it and marks "Template" files as
 * templates), other trays the coloured 16 px icon. Packaged, both sit in `<resources>/tray`
 * (electron-builder `extraResources`), not inside app.asar: Linux trays hand the path to
 * the desktop environment, which cannot read an archive. From the source tree they are
 * `assets/icons/16x16.png` and `assets/tray/trayTemplate.png`.
 */
export function trayIconPath(
  electronApp: Pick<typeof app, 'isPackaged' | 'getAppPath'> = app,
  resourcesPath: string = process.resourcesPath,
  platform: NodeJS.Platform = process.platform,
): string {
  const file = platform === 'darwin' ? 'trayTemplate.png' : '16x16.png';
  if (electronApp.isPackaged) return path.join(resourcesPath, 'tray', file);
  return path.join(electronApp.getAppPath(), 'assets', platform === 'darwin' ? 'tray' : 'icons', file);
}

/** The tray image, with the 32 px icon as the @2x representation of the 16 px one (HiDPI trays). */
export function loadTrayIcon(file: string, log: AppLogger): NativeImage {
  const image = nativeImage.createFromPath(file);
  if (image.isEmpty()) {
    log.warn(`tray icon missing or unreadable: ${file}`);
    return image;
  }
  const large = path.join(path.dirname(file), '32x32.png');
  if (path.basename(file) === '16x16.png' && existsSync(large)) {
    image.addRepresentation({ scaleFactor: 2, buffer: readFileSync(large) });
  }
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
