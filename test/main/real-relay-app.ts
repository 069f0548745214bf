/**
 * Boots the real desktop shell (main/app.ts, electron mocked by fake-electron.ts) on the
 * real relay: relay/index.js is not mocked. The relay gets the fake app's temporary
 * userData and a free port, remembered in desktop.json as a port chosen after a conflict
 * would be (if another process takes it first, the fake dialog's default answer picks the
 * next free one).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startDesktopApp } from '../../main/app.js';
import { DESKTOP_PREFS_NAME } from '../../main/desktop-prefs.js';
import { app, BrowserWindow } from './fake-electron.js';

export interface BootedDesktop {
  /** The relay's origin, as the console window loaded it. */
  origin: string;
  dataDir: string;
}

export async function bootDesktopOnRealRelay(): Promise<BootedDesktop> {
  // userData as the app sets it: on Linux the CLI's folder (appData/relaydesk).
  const dataDir = process.platform === 'linux' ? path.join(app.getPath('appData'), 'relaydesk') : app.getPath('userData');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, DESKTOP_PREFS_NAME), JSON.stringify({ port: await freePort(), closeToTray: true }));
  startDesktopApp();
  app.ready();
  const url = await waitFor('the console window', () => BrowserWindow.instances[0]?.loadedUrls[0]);
  return { origin: new URL(url).origin, dataDir };
}

/** Quits the app (as the tray's Quit does) and waits until the quit has gone through. */
export async function quitDesktop(): Promise<void> {
  app.quit();
  await waitFor('the quit', () => app.quits > 0 || undefined, 30_000);
}

/** Polls `probe` until it answers something other than undefined. */
export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh connection (no pooled keep-alive one) to `origin`: 'refused', or the status of a GET. */
export function tryConnect(origin: string): Promise<'refused' | number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/api/status`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
    outgoing.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
