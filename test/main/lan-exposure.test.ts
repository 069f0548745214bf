import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLanHost, localAddresses, relayHostFor } from '../../main/lan-exposure.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaydesk-lan-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const handle = (host: string) => {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:3100`;
  return { host, port: 3100, origin, consoleUrl: `${origin}/`, relayBaseUrl: `${origin}/v1` };
};

describe('relayHostFor', () => {
  it('binds every interface only when lan_access is true in the state file', () => {
    expect(relayHostFor(dir)).toBe('127.0.0.1'); // no state file yet
    writeFileSync(path.join(dir, 'state.json'), JSON.stringify({ options: { lan_access: true } }));
    expect(relayHostFor(dir)).toBe('0.0.0.0');
    writeFileSync(path.join(dir, 'state.json'), JSON.stringify({ options: { lan_access: 'true' } }));
    expect(relayHostFor(dir)).toBe('127.0.0.1');
    writeFileSync(path.join(dir, 'state.json'), '{ corrupt');
    expect(relayHostFor(dir)).toBe('127.0.0.1'); // left for startRelay to report
  });
});

describe('localAddresses', () => {
  it('keeps a loopback relay as it is and uses loopback for a wildcard bind', () => {
    expect(localAddresses(handle('127.0.0.1')).consoleUrl).toBe('http://127.0.0.1:3100/');
    for (const host of ['0.0.0.0', '::']) {
      expect(localAddresses(handle(host))).toEqual({
        origin: 'http://127.0.0.1:3100',
        consoleUrl: 'http://127.0.0.1:3100/',
        relayBaseUrl: 'http://127.0.0.1:3100/v1',
      });
    }
    expect(localAddresses(handle('192.168.1.20')).origin).toBe('http://192.168.1.20:3100');
  });

  it('isLanHost', () => {
    expect(['127.0.0.1', '127.0.0.2', 'localhost', '::1'].map(isLanHost)).toEqual([false, false, false, false]);
    expect(['0.0.0.0', '::', '192.168.1.20'].map(isLanHost)).toEqual([true, true, true]);
  });
});
