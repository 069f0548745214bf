import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./fake-electron.js'));

import { ipcMain, resetFakeElectron } from './fake-electron.js';
import { handle, isTrustedSender, normalizeOrigin, unhandle } from '../../main/ipc.js';
import { IPC_CHANNELS, UNTRUSTED_SENDER_MESSAGE } from '../../main/ipc-contract.js';

const ORIGIN = 'http://127.0.0.1:3000';
const sender = (url: string | null) => ({ senderFrame: url === null ? null : ({ url } as never) });

beforeEach(() => resetFakeElectron());

describe('isTrustedSender', () => {
  it('accepts frames on the console origin', () => {
    expect(isTrustedSender(sender('http://127.0.0.1:3000/'), ORIGIN)).toBe(true);
    expect(isTrustedSender(sender('http://127.0.0.1:3000/keys?x=1#y'), `${ORIGIN}/`)).toBe(true);
  });

  it('rejects foreign, opaque, missing and malformed senders', () => {
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:3001/',
      'http://localhost:3000/',
      'https://127.0.0.1:3000/',
      'file:///work/dist/renderer/index.html',
      'data:text/html,hi',
      'about:blank',
      '',
      'not a url',
    ]) {
      expect(isTrustedSender(sender(url), ORIGIN), url).toBe(false);
    }
    expect(isTrustedSender(sender(null), ORIGIN)).toBe(false);
    // An opaque origin never matches, even if the allowed origin is misconfigured as "null".
    expect(isTrustedSender(sender('file:///x'), 'null')).toBe(false);
  });

  it('normalizes origins like URL#origin and maps opaque ones to null', () => {
    expect(normalizeOrigin('HTTP://127.0.0.1:3000/a/b')).toBe(ORIGIN);
    expect(normalizeOrigin('http://127.0.0.1:80/')).toBe('http://127.0.0.1');
    expect(normalizeOrigin('file:///x')).toBeNull();
    expect(normalizeOrigin('nope')).toBeNull();
  });
});

describe('handle()', () => {
  it('runs the handler for the console origin and passes the arguments through', async () => {
    const handler = vi.fn(() => '9.9.9');
    handle(IPC_CHANNELS.appVersion, ORIGIN, handler);
    expect(ipcMain.handle).toHaveBeenCalledWith(IPC_CHANNELS.appVersion, expect.any(Function));
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, 'http://127.0.0.1:3000/settings', 'extra')).resolves.toBe(
      '9.9.9',
    );
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ senderFrame: expect.anything() }), 'extra');
  });

  it('rejects a foreign origin without running the handler', async () => {
    const handler = vi.fn(() => '9.9.9');
    handle(IPC_CHANNELS.appVersion, ORIGIN, handler);
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, 'https://evil.example/')).rejects.toThrow(
      UNTRUSTED_SENDER_MESSAGE,
    );
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, null)).rejects.toThrow(UNTRUSTED_SENDER_MESSAGE);
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads a lazy origin at call time and rejects while there is none', async () => {
    let origin: string | null = null;
    const handler = vi.fn(async () => {});
    handle(IPC_CHANNELS.openDataFolder, () => origin, handler);
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, 'http://127.0.0.1:3000/')).rejects.toThrow(
      UNTRUSTED_SENDER_MESSAGE,
    );
    origin = ORIGIN;
    await expect(ipcMain.invoke(IPC_CHANNELS.openDataFolder, 'http://127.0.0.1:3000/')).resolves.toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('propagates handler errors to the caller', async () => {
    handle(IPC_CHANNELS.appVersion, ORIGIN, () => {
      throw new Error('boom');
    });
    await expect(ipcMain.invoke(IPC_CHANNELS.appVersion, `${ORIGIN}/`)).rejects.toThrow('boom');
  });

  it('unhandle removes the handler', () => {
    handle(IPC_CHANNELS.appVersion, ORIGIN, () => 'x');
    unhandle(IPC_CHANNELS.appVersion);
    expect(ipcMain.handlers.has(IPC_CHANNELS.appVersion)).toBe(false);
  });
});
