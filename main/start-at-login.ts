import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { App } from 'electron';

/** Whether Relaydesk starts when the user logs in. */
export interface StartAtLogin {
  get(): boolean;
  /** Applies the choice and returns the state now in effect. */
  set(enabled: boolean): boolean;
}

export const AUTOSTART_FILE_NAME = 'relaydesk.desktop';
/** Given to the app when the system starts it at login: it starts in the tray, no window. */
export const START_HIDDEN_ARG = '--hidden';

type LoginItemApp = Pick<App, 'getLoginItemSettings' | 'setLoginItemSettings' | 'getPath'>;

/**
 * True when this launch is the one at login: `--hidden` on the command line (Windows login
 * item, Linux autostart entry), or macOS saying so (its login items take no arguments).
 */
export function launchedAtLogin(
  electronApp: Pick<App, 'getLoginItemSettings'>,
  argv: readonly string[] = process.argv,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (argv.includes(START_HIDDEN_ARG)) return true;
  return platform === 'darwin' && electronApp.getLoginItemSettings().wasOpenedAtLogin === true;
}

/**
 * macOS and Windows: Electron's login items. Linux has none in Electron, so there it is an
 * XDG autostart entry (`<config>/autostart/relaydesk.desktop`) that runs the AppImage when
 * there is one, else the installed executable.
 */
export function startAtLoginFor(
  electronApp: LoginItemApp,
  platform: NodeJS.Platform = process.platform,
  executable: string = process.env.APPIMAGE ?? process.execPath,
): StartAtLogin {
  if (platform === 'win32') {
    // The Run key entry carries the argument; reading it back must name the same arguments.
    const args = [START_HIDDEN_ARG];
    return {
      get: () => electronApp.getLoginItemSettings({ args }).openAtLogin,
      set(enabled) {
        electronApp.setLoginItemSettings({ openAtLogin: enabled, args });
        return electronApp.getLoginItemSettings({ args }).openAtLogin;
      },
    };
  }
  if (platform === 'darwin') {
    return {
      get: () => electronApp.getLoginItemSettings().openAtLogin,
      set(enabled) {
        electronApp.setLoginItemSettings({ openAtLogin: enabled });
        return electronApp.getLoginItemSettings().openAtLogin;
      },
    };
  }
  // appData is $XDG_CONFIG_HOME (default ~/.config) on Linux.
  return xdgAutostart(path.join(electronApp.getPath('appData'), 'autostart'), executable);
}

export function xdgAutostart(autostartDir: string, executable: string): StartAtLogin {
  const file = path.join(autostartDir, AUTOSTART_FILE_NAME);
  const get = () => {
    try {
      return !/^Hidden\s*=\s*true\s*$/m.test(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  };
  return {
    get,
    set(enabled) {
      if (enabled) {
        mkdirSync(autostartDir, { recursive: true });
        writeFileSync(file, autostartEntry(executable));
      } else {
        rmSync(file, { force: true });
      }
      return get();
    },
  };
}

function autostartEntry(executable: string): string {
  // Desktop Entry Exec quoting: wrap in double quotes, escape " ` $ and \.
  const quoted = `"${executable.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Relaydesk',
    'Comment=Local LLM gateway',
    `Exec=${quoted} ${START_HIDDEN_ARG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
