// Runs inside a D-Bus session with an unlocked gnome-keyring (see .ci/run): keytar talks to
// the real Secret Service. It fails, rather than skips, when no keychain answers.
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openKeychainSecretStore } from '../../relay/secrets/keychain-store.js';
import type { SecretStore } from '../../relay/secrets/secret-store.js';
import { ApiClient, startTestRelay } from '../helpers/relay.js';

async function keychain(instanceId: string): Promise<SecretStore> {
  const opened = await openKeychainSecretStore(instanceId);
  if ('unavailable' in opened) throw new Error(`the OS keychain must be available here: ${opened.unavailable}`);
  return opened.store;
}

describe('OS keychain through keytar (gnome-keyring)', () => {
  it('stores, lists, reads and deletes secrets under its own instance namespace', async () => {
    const mine = await keychain(randomUUID());
    const other = await keychain(randomUUID());
    expect(mine.backend).toBe('keychain');
    await mine.set('channel:1:key', 'sk-keychain-secret-1');
    await other.set('channel:1:key', 'sk-someone-else');
    expect(await mine.get('channel:1:key')).toBe('sk-keychain-secret-1');
    expect(await mine.list()).toEqual(['channel:1:key']);
    expect(await mine.delete('channel:1:key')).toBe(true);
    expect(await mine.get('channel:1:key')).toBeNull();
    expect(await other.get('channel:1:key')).toBe('sk-someone-else');
    await other.delete('channel:1:key');
  });

  it('a relay started with automatic selection uses the keychain, says so, and keeps using it', async () => {
    const relay = await startTestRelay({ secretBackend: 'auto' });
    expect(relay.secretBackend).toBe('keychain');
    const status = await new ApiClient(relay.origin).call('GET', '/api/status');
    expect(status.json.data.secret_backend).toBe('keychain');
    await relay.close();
    const state = JSON.parse(await readFile(join(relay.dataDir, 'state.json'), 'utf8'));
    expect(state.secret_backend).toBe('keychain');
    expect((await readdir(relay.dataDir)).filter((f) => f.startsWith('secrets'))).toEqual([]);
  });

  it('moves secrets from the encrypted file into the keychain when switched', async () => {
    const first = await startTestRelay({ secretBackend: 'encrypted-file' });
    await first.close();
    const state = JSON.parse(await readFile(join(first.dataDir, 'state.json'), 'utf8'));
    const { openEncryptedFileSecretStore } = await import('../../relay/secrets/encrypted-file-store.js');
    await (await openEncryptedFileSecretStore(first.dataDir)).set('channel:9:key', 'sk-moved-secret');

    const second = await startTestRelay({ dataDir: first.dataDir, secretBackend: 'keychain' });
    expect(second.secretBackend).toBe('keychain');
    const store = await keychain(state.instance_id);
    expect(await store.get('channel:9:key')).toBe('sk-moved-secret');
    expect(await (await openEncryptedFileSecretStore(first.dataDir)).list()).toEqual([]);
    await store.delete('channel:9:key');
  });
});
