import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));

import { BrowserWindow, resetFakeElectron } from './fake-electron.js';
import { consoleRouter } from '../../relay/console.js';
import { CONSOLE_CONTENT_SECURITY_POLICY, enforceConsoleCsp } from '../../main/console-csp.js';
import { createMainWindow } from '../../main/window.js';

const ORIGIN = 'http://127.0.0.1:3000';

beforeEach(() => resetFakeElectron());

describe('the console window enforces the console CSP', () => {
  const open = () => (createMainWindow(`${ORIGIN}/`) as unknown as BrowserWindow).webContents.session.webRequest;

  it('is installed before the console loads', () => {
    let installedAtLoad: boolean | undefined;
    const loadURL = vi.spyOn(BrowserWindow.prototype, 'loadURL').mockImplementation(async function (this: BrowserWindow) {
      installedAtLoad = this.webContents.session.webRequest.headersReceived !== null;
    });
    createMainWindow(`${ORIGIN}/`);
    expect(loadURL).toHaveBeenCalledTimes(1);
    expect(installedAtLoad).toBe(true);
    loadURL.mockRestore();
  });

  it('adds the policy to console responses that lack it, keeping the other headers', () => {
    const answer = open().receive(`${ORIGIN}/api/status`, { 'Content-Type': ['application/json'] });
    expect(answer?.responseHeaders).toEqual({
      'Content-Type': ['application/json'],
      'Content-Security-Policy': [CONSOLE_CONTENT_SECURITY_POLICY],
    });
  });

  it('replaces a weaker policy, whatever the header case', () => {
    const answer = open().receive(`${ORIGIN}/keys`, { 'content-security-policy': ["default-src *; script-src 'unsafe-eval'"] });
    const csp = Object.entries(answer?.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() === 'content-security-policy');
    expect(csp).toEqual([['Content-Security-Policy', [CONSOLE_CONTENT_SECURITY_POLICY]]]);
  });

  it('leaves responses from other origins alone', () => {
    const webRequest = open();
    for (const url of ['https://example.com/', 'http://127.0.0.1:3001/', 'http://localhost:3000/', 'devtools://devtools/x']) {
      expect(webRequest.receive(url, { a: ['b'] }), url).toEqual({});
    }
  });

  it('is strict: nothing from elsewhere, no eval, no plugins, no framing', () => {
    const directives = new Map(
      CONSOLE_CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]); // fetch and SSE to the relay only
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.has('script-src')).toBe(false); // falls back to default-src 'self'
    expect(CONSOLE_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
  });

  it('enforceConsoleCsp compares origins exactly', () => {
    const session = { webRequest: new (BrowserWindow as never as { new (o: object): BrowserWindow })({}).webContents.session.webRequest };
    enforceConsoleCsp(session as never, 'http://127.0.0.1:4000');
    expect(session.webRequest.receive('http://127.0.0.1:4000.evil.example/', {})).toEqual({});
    expect(session.webRequest.receive('http://127.0.0.1:4000/x', {})?.responseHeaders).toHaveProperty('Content-Security-Policy');
  });
});

describe('the relay sends the same policy for the console', () => {
  let server: Server;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'relaydesk-console-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    const app = express();
    app.use(consoleRouter(dir));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('byte for byte', async () => {
    const response = await fetch(`${base}/settings`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
  });
});
