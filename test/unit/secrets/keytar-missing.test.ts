// keytar is optional: on Linux without libsecret-1-dev it fails to install, or installs but
// cannot load its native part. The relay then starts on the encrypted file and says so in
// one line of its start banner.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openKeychainSecretStore } from '../../../relay/secrets/keychain-store.js';
import { describeSecretStore, selectSecretStore } from '../../../relay/secrets/select-secret-store.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Node's own answer for a package that is not installed: require it from a folder with no node_modules. */
async function keytarNotInstalled(): Promise<never> {
  createRequire(join(await tempDir(), 'loader.js'))('keytar');
  throw new Error('keytar was found outside the repository');
}

async function keytarWithoutLibsecret(): Promise<never> {
  throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory\n    at Module._extensions..node');
}

describe('without keytar', () => {
  it('starts on the encrypted file and says so in one line', async () => {
    const dataDir = await tempDir();
    const selected = await selectSecretStore({
      choice: 'auto',
      recorded: null,
      dataDir,
      instanceId: 'i',
      keychain: (id) => openKeychainSecretStore(id, keytarNotInstalled),
    });
    expect(selected.store.backend).toBe('encrypted-file');
    expect(describeSecretStore(selected.store.backend, dataDir, selected.keychainUnavailable)).toBe(
      `encrypted file (${join(dataDir, 'secrets.enc.json')}); the OS keychain is unavailable: keytar is not installed`,
    );
  });

  it('names the load error, first line only, when keytar is installed but cannot load', async () => {
    expect(await openKeychainSecretStore('i', keytarWithoutLibsecret)).toEqual({
      unavailable: 'keytar cannot load (libsecret-1.so.0: cannot open shared object file: No such file or directory)',
    });
  });

  it('names the backend alone when nothing was passed over', () => {
    expect(describeSecretStore('keychain', '/data')).toBe('OS keychain');
    expect(describeSecretStore('encrypted-file', '/data')).toBe(`encrypted file (${join('/data', 'secrets.enc.json')})`);
  });
});
