import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));

import { app, dialog, flush, resetFakeElectron } from './fake-electron.js';
import { openAppLog } from '../../main/app-log.js';
import { logCrashesTo, onUnhandledRejection } from '../../main/crash-log.js';
import { LAUNCH_FAILED_TITLE, launchDesktopApp } from '../../main/launch.js';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const logFile = () => path.join(app.root, 'appData', 'relaydesk', 'logs', 'main.log');

beforeEach(() => {
  resetFakeElectron();
  Object.defineProperty(process, 'platform', { ...platform, value: 'linux' });
  // As Electron on Linux: the logs folder sits in userData (which the app points at the CLI's folder).
  app.getPath.mockImplementation((name: string) =>
    name === 'logs' ? path.join(app.getPath('userData'), 'logs') : (app.paths.get(name) ?? path.join(app.root, name)),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  Object.defineProperty(process, 'platform', platform);
  vi.restoreAllMocks();
});

describe('launchDesktopApp', () => {
  it('starts what it loaded', async () => {
    const startDesktopApp = vi.fn();
    await launchDesktopApp(async () => ({ startDesktopApp }));
    expect(startDesktopApp).toHaveBeenCalledTimes(1);
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(app.exit).not.toHaveBeenCalled();
  });

  it('a module that fails to load: logged to main.log, then once ready an error box names the log, then exit 1', async () => {
    const failure = new Error("ENOENT: no such file or directory, open '/opt/Relaydesk/resources/app.asar/package.json'");
    // It returns without waiting for 'ready' (index.ts awaits it before Electron can be ready).
    await launchDesktopApp(() => Promise.reject(failure));
    await flush();
    // Before 'ready' Linux would only print the box to stderr: it waits.
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(readFileSync(logFile(), 'utf8')).toMatch(/ERROR Relaydesk cannot start: Error: ENOENT: .*package\.json'\n\s+at /);

    app.ready();
    await flush();
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(1);
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe(LAUNCH_FAILED_TITLE);
    expect(content).toContain("no such file or directory, open '/opt/Relaydesk/resources/app.asar/package.json'");
    expect(content).toMatch(/The log is at:\n.*main\.log$/);
    expect(content).toContain(logFile());
    expect(app.exit).toHaveBeenCalledWith(1);
  });

  it('a shell that throws while wiring itself up is reported the same way', async () => {
    app.ready();
    await launchDesktopApp(async () => ({
      startDesktopApp: () => {
        throw new TypeError('tray is not a constructor');
      },
    }));
    await flush();
    expect(dialog.showErrorBox).toHaveBeenCalledWith(LAUNCH_FAILED_TITLE, expect.stringContaining('tray is not a constructor'));
    expect(readFileSync(logFile(), 'utf8')).toContain('TypeError: tray is not a constructor');
    expect(app.exit).toHaveBeenCalledWith(1);
  });
});

describe('crash log', () => {
  it('writes unhandled promise rejections to the app log, with their stack', () => {
    const log = openAppLog(path.join(app.root, 'crash-logs'), { mirror: null });
    logCrashesTo(log);
    expect(process.listeners('unhandledRejection')).toContain(onUnhandledRejection);
    onUnhandledRejection(new Error('upstream socket hang up')); // what Node calls it with
    expect(readFileSync(log.file, 'utf8')).toMatch(/ERROR unhandled promise rejection: Error: upstream socket hang up\n\s+at /);
  });
});
