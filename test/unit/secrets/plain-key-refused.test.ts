// The desktop app's promise: secrets never under a plain key. With `plainSecretKey: 'refuse'`
// a start without an OS sealer fails clearly and leaves the key files as they were.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEncryptedFileSecretStore } from '../../../relay/secrets/encrypted-file-store.js';
import { SecretBackendError } from '../../../relay/secrets/secret-store.js';
import { selectSecretStore } from '../../../relay/secrets/select-secret-store.js';
import { fakeSealer } from '../../helpers/fake-sealer.js';
import { startTestRelay } from '../../helpers/relay.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { folderSnapshot } from '../../helpers/folder-snapshot.js';

const SECRET = 'sk-live-0123456789abcdefDEADBEEF';
const PLAIN = 'secrets.key';
const SEALED = 'secrets.key.sealed';
const WHAT_TO_DO = /Unlock or install a keyring \(on Linux: gnome-keyring or KWallet.*then start Relaydesk again\. Or run the relay headless with `npm start`, which keeps the key in a file only your user can read \(secrets\.key, mode 0600\)/;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

describe("plainKey 'refuse' without a sealer", () => {
  it('refuses a fresh folder, saying what to do, and writes no key', async () => {
    const dir = await tempDir();
    const refused = openEncryptedFileSecretStore(dir, undefined, 'refuse');
    await expect(refused).rejects.toBeInstanceOf(SecretBackendError);
    await expect(refused).rejects.toThrow(WHAT_TO_DO);
    await expect(refused).rejects.toThrow(/never keeps that key in plain text.*No secret or key was changed\.$/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a folder whose plain key `npm start` made, changes nothing, and seals it once a sealer is there', async () => {
    const dir = await tempDir();
    await (await openEncryptedFileSecretStore(dir)).set('channel:1:key', SECRET); // `npm start`
    const before = await folderSnapshot(dir);
    expect(Object.keys(before)).toContain(PLAIN);

    const refused = openEncryptedFileSecretStore(dir, undefined, 'refuse');
    await expect(refused).rejects.toThrow(WHAT_TO_DO);
    await expect(refused).rejects.toThrow(`key is in plain text in ${join(dir, PLAIN)} (made by \`npm start\`)`);
    expect(await folderSnapshot(dir)).toEqual(before);

    const sealed = await openEncryptedFileSecretStore(dir, fakeSealer(), 'refuse');
    expect(sealed.keyProtection).toBe('os-sealed');
    expect(await sealed.get('channel:1:key')).toBe(SECRET);
    expect(await exists(join(dir, PLAIN))).toBe(false);
    expect(await exists(join(dir, SEALED))).toBe(true);
  });

  it('on a sealed folder, says the keyring is locked or not running instead of "use the desktop app"', async () => {
    const dir = await tempDir();
    await (await openEncryptedFileSecretStore(dir, fakeSealer(), 'refuse')).set('channel:1:key', SECRET);
    const before = await folderSnapshot(dir);

    const refused = openEncryptedFileSecretStore(dir, undefined, 'refuse');
    await expect(refused).rejects.toThrow(/sealed by the operating system, but no OS encryption is available now: the login keyring is locked or not running\. Unlock or install a keyring/);
    await expect(refused).rejects.not.toThrow(/desktop app/);
    expect(await folderSnapshot(dir)).toEqual(before);
  });

  it('still keeps a plain key under the default policy (`npm start`)', async () => {
    const dir = await tempDir();
    const store = await openEncryptedFileSecretStore(dir);
    expect(store.keyProtection).toBe('key-file');
    expect(await readdir(dir)).toContain(PLAIN);
  });

  it('backend selection names why the keychain was passed over too', async () => {
    const dir = await tempDir();
    const refused = selectSecretStore({
      choice: 'auto',
      recorded: null,
      dataDir: dir,
      instanceId: 'i',
      plainKey: 'refuse',
      keychain: async () => ({ unavailable: 'keytar is not installed or cannot load (libsecret-1.so.0: cannot open)' }),
    });
    await expect(refused).rejects.toBeInstanceOf(SecretBackendError);
    await expect(refused).rejects.toThrow(/^The OS keychain cannot be used: keytar is not installed or cannot load \(libsecret-1\.so\.0: cannot open\)\. No OS encryption is available/);
    expect(await readdir(dir)).toEqual([]);
  });

  it("startRelay with plainSecretKey 'refuse' fails before any key or secret is written, and releases the folder", async () => {
    const dir = await tempDir();
    const refused = startTestRelay({ dataDir: dir, plainSecretKey: 'refuse' });
    await expect(refused).rejects.toBeInstanceOf(SecretBackendError);
    const left = await readdir(dir);
    for (const name of [PLAIN, SEALED, 'secrets.enc.json', 'relaydesk.lock']) expect(left).not.toContain(name);

    const sealed = await startTestRelay({ dataDir: dir, plainSecretKey: 'refuse', secretSealer: fakeSealer() });
    expect(sealed.secretBackend).toBe('encrypted-file');
    expect(await readdir(dir)).toContain(SEALED);
  });
});
