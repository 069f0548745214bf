import path from 'node:path';
import { app } from 'electron';

/**
 * Electron names userData after productName ("Relaydesk"); on Linux the CLI's data folder
 * is ~/.config/relaydesk (relay/config/data-dir.ts), and the file system is case-sensitive.
 * Point userData there so `npm start` and the app share one state, as on macOS and Windows.
 * Call it before anything asks for userData or the logs folder (which lives inside it).
 */
export function shareDataDirWithCli(): void {
  if (process.platform === 'linux') app.setPath('userData', path.join(app.getPath('appData'), 'relaydesk'));
}

/** Where main.log goes: ~/Library/Logs/Relaydesk on macOS, `logs/` in userData elsewhere. */
export function appLogsDir(): string {
  try {
    return app.getPath('logs');
  } catch {
    app.setAppLogsPath(); // older Electron: 'logs' exists only once set
    return app.getPath('logs');
  }
}
