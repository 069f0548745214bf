import { app, dialog } from 'electron';
import { describeError, openAppLog } from './app-log.js';
import { appLogsDir, shareDataDirWithCli } from './app-paths.js';

export const LAUNCH_FAILED_TITLE = 'Relaydesk cannot start';

/**
 * Loads the desktop shell and starts it. A failure while loading its modules (a file
 * missing from the package, a module that throws at import) or while wiring it up would
 * otherwise reach Electron's generic error box with no hint where to look: it goes to
 * main.log, then an error box names the log, and the app exits with status 1.
 * index.ts imports only this module and Electron statically, so little can fail first.
 *
 * index.ts awaits this at its top level, so that the shell is wired (userData path, single
 * instance lock) before Electron's 'ready': an ESM entry's unawaited import may run after it.
 * It must not wait for 'ready' itself, which comes only once the entry has run.
 */
export async function launchDesktopApp(load: () => Promise<{ startDesktopApp(): void }>): Promise<void> {
  try {
    const { startDesktopApp } = await load();
    startDesktopApp();
  } catch (error) {
    reportLaunchFailure(error);
  }
}

function reportLaunchFailure(error: unknown): void {
  shareDataDirWithCli(); // the log goes where the app's log always goes
  const log = openAppLog(appLogsDir());
  log.error(`${LAUNCH_FAILED_TITLE}: ${describeError(error)}`);
  // showErrorBox works before 'ready', but on Linux it then only prints to stderr.
  void app.whenReady().then(() => {
    const detail = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox(
      LAUNCH_FAILED_TITLE,
      `Relaydesk failed while starting up:\n\n${detail}\n\nReinstalling Relaydesk may help. The log is at:\n${log.file}`,
    );
    app.exit(1);
  });
}
