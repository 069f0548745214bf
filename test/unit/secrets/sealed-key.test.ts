import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEncryptedFileSecretStore } from '../../../relay/secrets/encrypted-file-store.js';
import { SecretBackendError } from '../../../relay/secrets/secret-store.js';
import type { SecretSealer } from '../../../relay/secrets/secret-store.js';
import { selectSecretStore } from '../../../relay/secrets/select-secret-store.js';
import { fakeSealer } from '../../helpers/fake-sealer.js';
import { ApiClient, startTestRelay } from '../../helpers/relay.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { folderSnapshot } from '../../helpers/folder-snapshot.js';

const SECRET = 'sk-live-0123456789abcdefDEADBEEF';
const PLAIN = 'secrets.key';
const SEALED = 'secrets.key.sealed';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A folder whose secret sits under a key sealed by `sealer`. */
async function sealedFolder(sealer: SecretSealer = fakeSealer()): Promise<string> {
  const dir = await tempDir();
  await (await openEncryptedFileSecretStore(dir, sealer)).set('channel:1:key', SECRET);
  return dir;
}

describe('encrypted-file store with an OS sealer', () => {
  it('keeps only the sealed key, and reads its secrets back across restarts', async () => {
    const sealer = fakeSealer();
    const dir = await tempDir();
    const store = await openEncryptedFileSecretStore(dir, sealer);
    expect(store.keyProtection).toBe('os-sealed');
    await store.set('channel:1:key', SECRET);

    const reopened = await openEncryptedFileSecretStore(dir, fakeSealer());
    expect(await reopened.get('channel:1:key')).toBe(SECRET);
    expect(await readdir(dir)).not.toContain(PLAIN);
    const key = await sealer.unseal(await readFile(join(dir, SEALED)));
    expect(key).toHaveLength(32);
    for (const name of await readdir(dir)) {
      expect((await readFile(join(dir, name))).includes(key)).toBe(false); // the key is nowhere in clear
      expect((await readFile(join(dir, name))).includes(SECRET)).toBe(false);
    }
    if (process.platform !== 'win32') expect((await stat(join(dir, SEALED))).mode & 0o777).toBe(0o600);
  });

  it('seals an existing plain key on the first start with a sealer, and removes the plain one', async () => {
    const dir = await tempDir();
    const plainStore = await openEncryptedFileSecretStore(dir);
    expect(plainStore.keyProtection).toBe('key-file');
    await plainStore.set('channel:1:key', SECRET);
    const plainKey = await readFile(join(dir, PLAIN));

    const sealer = fakeSealer();
    const store = await openEncryptedFileSecretStore(dir, sealer);
    expect(store.keyProtection).toBe('os-sealed');
    expect(await store.get('channel:1:key')).toBe(SECRET);
    expect(await exists(join(dir, PLAIN))).toBe(false);
    expect(await sealer.unseal(await readFile(join(dir, SEALED)))).toEqual(plainKey); // same key, now sealed
    expect(await (await openEncryptedFileSecretStore(dir, sealer)).get('channel:1:key')).toBe(SECRET);
  });

  it('finishes a migration that stopped after sealing, before the plain key was removed', async () => {
    const dir = await tempDir();
    await (await openEncryptedFileSecretStore(dir)).set('channel:1:key', SECRET);
    const sealer = fakeSealer();
    await writeFile(join(dir, SEALED), await sealer.seal(await readFile(join(dir, PLAIN))));

    expect(await (await openEncryptedFileSecretStore(dir, sealer)).get('channel:1:key')).toBe(SECRET);
    expect(await exists(join(dir, PLAIN))).toBe(false);
  });

  it('keeps the plain key when the sealer cannot give the key back', async () => {
    const dir = await tempDir();
    await (await openEncryptedFileSecretStore(dir)).set('channel:1:key', SECRET);
    const before = await folderSnapshot(dir);
    const lossy: SecretSealer = { name: 'lossy sealer', seal: async (plain) => Buffer.from(plain), unseal: async () => Buffer.alloc(32) };

    await expect(openEncryptedFileSecretStore(dir, lossy)).rejects.toThrow(/lossy sealer cannot seal/);
    expect(await folderSnapshot(dir)).toEqual(before);
  });

  it('refuses a sealed key without a sealer, clearly, and loses nothing', async () => {
    const dir = await sealedFolder();
    const before = await folderSnapshot(dir);

    const refused = openEncryptedFileSecretStore(dir);
    await expect(refused).rejects.toBeInstanceOf(SecretBackendError);
    await expect(refused).rejects.toThrow(/sealed by the operating system.*desktop app/);
    expect(await folderSnapshot(dir)).toEqual(before); // no new plain key beside it
    expect(await (await openEncryptedFileSecretStore(dir, fakeSealer())).get('channel:1:key')).toBe(SECRET);
  });

  it('refuses a key sealed for another user or session, naming the sealer, and loses nothing', async () => {
    const dir = await sealedFolder(fakeSealer('alice'));
    const before = await folderSnapshot(dir);

    const refused = openEncryptedFileSecretStore(dir, fakeSealer('mallory'));
    await expect(refused).rejects.toBeInstanceOf(SecretBackendError);
    await expect(refused).rejects.toThrow(/fake OS sealer \(mallory\) cannot unseal .*secrets\.key\.sealed.*another OS user/);
    expect(await folderSnapshot(dir)).toEqual(before);
    expect(await (await openEncryptedFileSecretStore(dir, fakeSealer('alice'))).get('channel:1:key')).toBe(SECRET);
  });

  it('never makes a new key for secrets whose key is missing', async () => {
    const dir = await sealedFolder();
    await rm(join(dir, SEALED)); // lost, say, by copying the folder without it
    const before = await folderSnapshot(dir);

    await expect(openEncryptedFileSecretStore(dir, fakeSealer())).rejects.toThrow(/holds secrets, but their key .* is missing/);
    await expect(openEncryptedFileSecretStore(dir)).rejects.toThrow(/is missing/);
    expect(await folderSnapshot(dir)).toEqual(before);
  });
});

describe('the sealer through backend selection and the relay', () => {
  it('falls back to the sealed encrypted file when no keychain answers', async () => {
    const selected = await selectSecretStore({
      choice: 'auto',
      recorded: null,
      dataDir: await tempDir(),
      instanceId: 'i',
      sealer: fakeSealer(),
      keychain: async () => ({ unavailable: 'keytar cannot load' }),
    });
    expect(selected.store).toMatchObject({ backend: 'encrypted-file', keyProtection: 'os-sealed' });
  });

  it('startRelay passes its secretSealer on, and /api/status reports the protection', async () => {
    const sealed = await startTestRelay({ secretSealer: fakeSealer() });
    expect((await new ApiClient(sealed.origin).call('GET', '/api/status')).json.data).toMatchObject({
      secret_backend: 'encrypted-file',
      secret_key_protection: 'os-sealed',
    });
    expect(await readdir(sealed.dataDir)).toContain(SEALED);

    const plain = await startTestRelay();
    expect((await new ApiClient(plain.origin).call('GET', '/api/status')).json.data.secret_key_protection).toBe('key-file');
    const memory = await startTestRelay({ secretBackend: 'memory' });
    expect((await new ApiClient(memory.origin).call('GET', '/api/status')).json.data.secret_key_protection).toBeNull();
  });

  it('a headless start on a folder the desktop app sealed refuses, and the desktop app still opens it', async () => {
    const dir = await tempDir();
    const desktop = await startTestRelay({ dataDir: dir, secretSealer: fakeSealer() });
    await desktop.close();
    const before = await folderSnapshot(dir);

    await expect(startTestRelay({ dataDir: dir })).rejects.toBeInstanceOf(SecretBackendError);
    expect(await folderSnapshot(dir)).toEqual(before); // nothing written, the lock released
    const again = await startTestRelay({ dataDir: dir, secretSealer: fakeSealer() });
    expect(again.secretBackend).toBe('encrypted-file');
  });
});
