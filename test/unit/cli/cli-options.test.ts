import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../../../relay/config/cli-options.js';
import { defaultDataDir } from '../../../relay/config/data-dir.js';

describe('CLI options', () => {
  it('defaults to 127.0.0.1:3000 and the platform config folder', () => {
    expect(parseCliOptions([], {})).toEqual({
      host: '127.0.0.1',
      hostGiven: false,
      port: 3000,
      dataDir: defaultDataDir(),
      secretBackend: 'auto',
      server: undefined,
      help: false,
    });
  });

  it('runs in server mode with a database and a Redis URL, from flags or the environment, and refuses one without the other', () => {
    const env = { RELAYDESK_DATABASE_URL: 'postgres://db/relay', RELAYDESK_REDIS_URL: 'redis://cache:6379' };
    expect(parseCliOptions([], env).server).toEqual({ databaseUrl: 'postgres://db/relay', redisUrl: 'redis://cache:6379', secretKeyFile: undefined });
    expect(parseCliOptions(['--database-url', 'postgres://other/x', '--secret-key-file', '/k'], env).server).toEqual({ databaseUrl: 'postgres://other/x', redisUrl: 'redis://cache:6379', secretKeyFile: '/k' });
    expect(() => parseCliOptions(['--database-url', 'postgres://db/x'], {})).toThrow(/needs both a database URL and a Redis URL: --redis-url/);
    expect(() => parseCliOptions([], { RELAYDESK_REDIS_URL: 'redis://x' })).toThrow(/--database-url \(or RELAYDESK_DATABASE_URL\) is missing/);
  });

  it('lets flags win over environment variables', () => {
    const env = { RELAYDESK_PORT: '4000', RELAYDESK_HOST: '0.0.0.0', RELAYDESK_DATA_DIR: '/env' };
    expect(parseCliOptions([], env)).toMatchObject({ port: 4000, host: '0.0.0.0', dataDir: '/env' });
    expect(parseCliOptions(['--port', '3999', '--host', '127.0.0.1', '--data-dir', '/flag'], env)).toMatchObject({
      port: 3999,
      host: '127.0.0.1',
      dataDir: '/flag',
    });
    expect(parseCliOptions(['--port=3998'], env).port).toBe(3998);
  });

  it('rejects nonsense with a clear message', () => {
    expect(() => parseCliOptions(['--port', '70000'], {})).toThrow(/Invalid port "70000"/);
    expect(() => parseCliOptions(['--secrets', 'plain'], {})).toThrow(/Invalid secret backend/);
    expect(() => parseCliOptions(['--colour'], {})).toThrow(/colour/);
  });

  it('finds the data folder where Electron keeps userData on each platform', () => {
    expect(defaultDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/relaydesk');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe('/cfg/relaydesk');
    expect(defaultDataDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Relaydesk');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toMatch(/Roaming.Relaydesk$/);
  });
});
