import { createHash, randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, parseSecretKey, readSecretKeyFile } from '../../../relay/secrets/secret-key.js';
import { SecretBackendError } from '../../../relay/secrets/secret-store.js';
import { tempDir } from '../../helpers/temp-dir.js';

const HEX = 'a1'.repeat(32);

async function keyFile(content: string, mode = 0o600): Promise<string> {
  const path = join(await tempDir(), 'relaydesk.key');
  await writeFile(path, content);
  await chmod(path, mode);
  return path;
}

describe('server-mode secret key', () => {
  it('reads 64 hexadecimal characters, either case, surrounding whitespace trimmed; its id is the start of its SHA-256', () => {
    const key = parseSecretKey(`  ${HEX.toUpperCase()}\n`, 'RELAYDESK_SECRET_KEY');
    expect(key.id).toBe(createHash('sha256').update(Buffer.from(HEX, 'hex')).digest('hex').slice(0, 8));
    expect(parseSecretKey(HEX, 'x').id).toBe(key.id);
    expect(parseSecretKey('b2'.repeat(32), 'x').id).not.toBe(key.id);
  });

  it.each([
    ['', /is empty/],
    ['a1'.repeat(16), /has 32 hexadecimal characters/],
    ['a1'.repeat(33), /has 66 hexadecimal characters/],
    [`${'a1'.repeat(31)}zz`, /characters other than 0-9 and a-f/],
    [randomBytes(32).toString('base64'), /characters other than|hexadecimal characters/],
  ])('refuses a malformed key (%j), says how to make one, and never repeats it', (text, reason) => {
    let error: unknown;
    try {
      parseSecretKey(text, 'RELAYDESK_SECRET_KEY');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SecretBackendError);
    const message = (error as Error).message;
    expect(message).toMatch(/^RELAYDESK_SECRET_KEY must be 64 hexadecimal characters \(32 random bytes\)/);
    expect(message).toMatch(reason);
    expect(message).toContain('openssl rand -hex 32');
    expect(message).toContain("require('crypto').randomBytes(32).toString('hex')");
    if (text.length > 0) expect(message).not.toContain(text.slice(0, 16));
  });

  it('never prints, logs or serialises the key, only its id', () => {
    const key = parseSecretKey(HEX, 'x');
    const shown = [String(key), `${key}`, JSON.stringify(key), JSON.stringify({ key }), inspect(key), inspect({ nested: { key } }, { depth: 5, showHidden: true })];
    for (const text of shown) {
      expect(text).toContain(key.id);
      expect(text).not.toContain(HEX.slice(0, 16));
      expect(text).not.toContain(Buffer.from(HEX, 'hex').toString('base64').slice(0, 12));
    }
    expect(Object.keys(key)).toEqual(['id']);
  });

  it('reads a private key file (0600) with a trailing newline', async () => {
    const path = await keyFile(`${HEX}\n`);
    expect((await readSecretKeyFile(path)).id).toBe(parseSecretKey(HEX, 'x').id);
  });

  it.runIf(process.platform !== 'win32')('refuses a key file that other users can read, and says to chmod 600 it', async () => {
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      const path = await keyFile(HEX, mode);
      const refused = readSecretKeyFile(path);
      await expect(refused).rejects.toThrow(SecretBackendError);
      await expect(refused).rejects.toThrow(`mode ${mode.toString(8)}`);
      await expect(refused).rejects.toThrow(`chmod 600 ${path}`);
    }
  });

  it('names a missing or malformed key file without echoing its content', async () => {
    const missing = join(await tempDir(), 'nope.key');
    await expect(readSecretKeyFile(missing)).rejects.toThrow(`The secret key file ${missing} cannot be read: ENOENT`);
    const short = await keyFile('deadbeef');
    await expect(readSecretKeyFile(short)).rejects.toThrow(`The secret key file ${short} must be 64 hexadecimal characters (32 random bytes), and it has 8`);
  });

  describe('where a start finds it', () => {
    it('takes --secret-key-file over the environment, then RELAYDESK_SECRET_KEY_FILE or RELAYDESK_SECRET_KEY', async () => {
      const fileKey = 'c3'.repeat(32);
      const path = await keyFile(fileKey);
      const envKey = parseSecretKey(HEX, 'x');
      expect((await loadSecretKey({ keyFile: path, env: { RELAYDESK_SECRET_KEY: HEX } })).id).toBe(parseSecretKey(fileKey, 'x').id);
      expect((await loadSecretKey({ env: { RELAYDESK_SECRET_KEY_FILE: path } })).id).toBe(parseSecretKey(fileKey, 'x').id);
      expect((await loadSecretKey({ env: { RELAYDESK_SECRET_KEY: HEX } })).id).toBe(envKey.id);
    });

    it('refuses both variables at once (they could disagree)', async () => {
      const path = await keyFile(HEX);
      await expect(loadSecretKey({ env: { RELAYDESK_SECRET_KEY: HEX, RELAYDESK_SECRET_KEY_FILE: path } })).rejects.toThrow(/Both RELAYDESK_SECRET_KEY and RELAYDESK_SECRET_KEY_FILE/);
    });

    it('without a key, says what to set and how to make one', async () => {
      const refused = loadSecretKey({ env: { RELAYDESK_SECRET_KEY: '' } });
      await expect(refused).rejects.toThrow(SecretBackendError);
      for (const part of ['RELAYDESK_SECRET_KEY', '--secret-key-file', 'RELAYDESK_SECRET_KEY_FILE', 'openssl rand -hex 32', 'randomBytes(32)', 'chmod 600']) {
        await expect(refused).rejects.toThrow(part);
      }
    });
  });
});
