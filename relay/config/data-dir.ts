import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The platform's per-user configuration folder, the same one Electron uses for `userData`,
 * so the desktop app and `npm start` share one state: `~/.config/relaydesk` on Linux
 * (honouring XDG_CONFIG_HOME), `~/Library/Application Support/Relaydesk` on macOS,
 * `%APPDATA%\Relaydesk` on Windows.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Relaydesk');
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Relaydesk');
    default:
      return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'relaydesk');
  }
}
