import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '../store/durable-write.js';
import type { SecretStore } from './secret-store.js';

const KEY_FILE = 'secrets.key';
const SECRETS_FILE = 'secrets.enc.json';

interface SecretsFile {
  version: 1;
  /** name → base64(iv ‖ tag ‖ ciphertext), AES-256-GCM with the name as associated data. */
  entries: Record<string, string>;
}

/**
 * Fallback when no OS keychain is available (headless Linux, CI): each secret encrypted
 * with AES-256-GCM under a random key kept in a 0600 file beside it. This protects the
 * secrets from anything that reads the state file or a backup of it without the key file;
 * it is not a substitute for a keychain against someone with the user's own file access.
 */
export async function openEncryptedFileSecretStore(dataDir: string): Promise<SecretStore> {
  const key = await loadOrCreateKey(join(dataDir, KEY_FILE));
  const file = join(dataDir, SECRETS_FILE);
  const stored = await readSecretsFile(file);
  let writing: Promise<void> = Promise.resolve();

  // Every write replaces the whole (small) file; writes are chained so none is lost.
  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(stored);
    writing = writing.catch(() => {}).then(() => writeFileDurably(file, snapshot));
    return writing;
  };

  return {
    backend: 'encrypted-file',
    async get(name) {
      const sealed = stored.entries[name];
      return sealed === undefined ? null : open(key, name, sealed, file);
    },
    async set(name, value) {
      stored.entries[name] = seal(key, name, value);
      await persist();
    },
    async delete(name) {
      if (!(name in stored.entries)) return false;
      delete stored.entries[name];
      await persist();
      return true;
    },
    async list() {
      return Object.keys(stored.entries);
    },
  };
}

function seal(key: Buffer, name: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function open(key: Buffer, name: string, sealed: string, file: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(name, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`The secret "${name}" in ${file} cannot be decrypted: the file or its key file was changed.`);
  }
}

async function loadOrCreateKey(path: string): Promise<Buffer> {
  try {
    const key = await readFile(path);
    if (key.length !== 32) throw new Error(`The secret key file ${path} is damaged (expected 32 bytes).`);
    if (process.platform !== 'win32' && ((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await writeFileDurably(path, key, 0o600);
  return key;
}

async function readSecretsFile(path: string): Promise<SecretsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as SecretsFile;
    if (parsed.version !== 1 || typeof parsed.entries !== 'object') throw new Error('unknown format');
    return parsed;
  } catch (error) {
    throw new Error(`The secrets file ${path} is damaged (${(error as Error).message}); Relaydesk has not changed it.`);
  }
}
