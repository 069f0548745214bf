import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEncryptedFileSecretStore } from '../../../relay/secrets/encrypted-file-store.js';
import { tempDir } from '../../helpers/temp-dir.js';

const SECRET = 'sk-live-0123456789abcdefDEADBEEF';

describe('encrypted-file secret store', () => {
  it('stores, lists, reads back after reopen, and deletes', async () => {
    const dir = await tempDir();
    const store = await openEncryptedFileSecretStore(dir);
    expect(store.backend).toBe('encrypted-file');
    await store.set('channel:1:key', SECRET);
    await store.set('channel:2:key', 'other');
    expect(await store.get('channel:1:key')).toBe(SECRET);
    expect((await store.list()).sort()).toEqual(['channel:1:key', 'channel:2:key']);

    const reopened = await openEncryptedFileSecretStore(dir);
    expect(await reopened.get('channel:1:key')).toBe(SECRET);
    expect(await reopened.delete('channel:1:key')).toBe(true);
    expect(await reopened.delete('channel:1:key')).toBe(false);
    expect(await (await openEncryptedFileSecretStore(dir)).get('channel:1:key')).toBeNull();
  });

  it('never writes the secret in clear, and keeps the key file private', async () => {
    const dir = await tempDir();
    const store = await openEncryptedFileSecretStore(dir);
    await store.set('channel:1:key', SECRET);
    for (const name of await readdir(dir)) {
      expect((await readFile(join(dir, name))).includes(SECRET)).toBe(false);
    }
    if (process.platform !== 'win32') {
      expect((await stat(join(dir, 'secrets.key'))).mode & 0o777).toBe(0o600);
    }
  });

  it('detects a tampered or swapped entry instead of answering garbage', async () => {
    const dir = await tempDir();
    const store = await openEncryptedFileSecretStore(dir);
    await store.set('a', 'first');
    await store.set('b', 'second');
    const file = join(dir, 'secrets.enc.json');
    const content = JSON.parse(await readFile(file, 'utf8'));
    content.entries.a = content.entries.b; // a value moved under another name
    await writeFile(file, JSON.stringify(content));
    const reopened = await openEncryptedFileSecretStore(dir);
    await expect(reopened.get('a')).rejects.toThrow(/cannot be decrypted/);
    expect(await reopened.get('b')).toBe('second');
  });

  it('refuses a damaged secrets file without overwriting it', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'secrets.enc.json'), 'not json');
    await expect(openEncryptedFileSecretStore(dir)).rejects.toThrow(/damaged/);
    expect(await readFile(join(dir, 'secrets.enc.json'), 'utf8')).toBe('not json');
  });
});
