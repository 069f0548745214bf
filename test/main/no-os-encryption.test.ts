// The desktop app on the real relay where the OS offers no encryption for the secrets key
// (safeStorage unavailable, or Linux's basic_text): it must refuse, never keep a plain key.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => ({
  ...(await import('./fake-electron.js')),
  safeStorage: (await import('./fake-safe-storage.js')).createFakeSafeStorage({ backend: 'basic_text' }),
}));

import { startRelay } from '../../relay/index.js';
import { startDesktopApp } from '../../main/app.js';
import { app, BrowserWindow, dialog, resetFakeElectron } from './fake-electron.js';
import { waitFor } from './real-relay-app.js';
import { folderSnapshot } from '../helpers/folder-snapshot.js';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;

beforeEach(() => {
  resetFakeElectron();
  Object.defineProperty(process, 'platform', { ...platform, value: 'linux' });
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  Object.defineProperty(process, 'platform', platform);
  vi.restoreAllMocks();
});

describe('desktop app without OS encryption', () => {
  it('refuses a folder whose plain secrets.key `npm start` made: error box with advice and log, folder unchanged', async () => {
    const dataDir = path.join(app.getPath('appData'), 'relaydesk'); // Linux: the CLI's folder
    const cli = await startRelay({ port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir: null, log: { info() {}, warn() {}, error() {} } });
    await cli.close();
    const before = await folderSnapshot(dataDir);
    expect(Object.keys(before)).toContain('secrets.key');

    startDesktopApp();
    app.ready();
    await waitFor('the error box', () => dialog.showErrorBox.mock.calls[0] as [string, string] | undefined);
    const [title, content] = dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe('Relaydesk cannot start: secrets unavailable');
    expect(content).toMatch(/never keeps that key in plain text\. Unlock or install a keyring \(on Linux: gnome-keyring or KWallet/);
    expect(content).toMatch(/Or run the relay headless with `npm start`/);
    expect(content).toContain(`key is in plain text in ${path.join(dataDir, 'secrets.key')}`);
    expect(content).toContain(`The log is at:\n${path.join(app.getPath('logs'), 'main.log')}`);
    await waitFor('the quit', () => app.quits > 0 || undefined);
    expect(BrowserWindow.instances).toHaveLength(0);

    const after = await folderSnapshot(dataDir);
    delete after['desktop.json']; // the shell's own preferences, if any
    expect(after).toEqual(before);
    const log = await readFile(path.join(app.getPath('logs'), 'main.log'), 'utf8');
    expect(log).toContain('WARN no OS encryption for the secrets file key: safeStorage has no keyring (basic_text backend)');
  });
});
