import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { CipherGCM, DecipherGCM } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { inspect } from 'node:util';
import { SecretBackendError } from './secret-store.js';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

export const MAKE_A_KEY =
  "Make one with `openssl rand -hex 32` or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`";

/**
 * The master key of server mode's secrets (32 bytes, AES-256-GCM), given by the operator and
 * never stored in the database. Its bytes stay inside this object: it hands out ciphers, and
 * prints, logs and serialises as its id only.
 */
export class SecretKey {
  readonly #bytes: Buffer;
  /** The first 8 hex characters of the key's SHA-256: recorded with each ciphertext, so a wrong key is named, not guessed. */
  readonly id: string;

  constructor(bytes: Buffer) {
    if (bytes.length !== 32) throw new RangeError('A secret key is 32 bytes.');
    this.#bytes = Buffer.from(bytes);
    this.id = createHash('sha256').update(this.#bytes).digest('hex').slice(0, 8);
  }

  cipher(nonce: Buffer): CipherGCM {
    return createCipheriv('aes-256-gcm', this.#bytes, nonce);
  }

  decipher(nonce: Buffer): DecipherGCM {
    return createDecipheriv('aes-256-gcm', this.#bytes, nonce);
  }

  toString(): string {
    return `secret key ${this.id}`;
  }

  toJSON(): { id: string } {
    return { id: this.id };
  }

  [inspect.custom](): string {
    return `SecretKey(${this.id})`;
  }
}

/**
 * A key from its text: 64 hexadecimal characters, surrounding whitespace ignored. `source`
 * names where it came from in the error; the text itself is never repeated (it may be a key).
 */
export function parseSecretKey(text: string, source: string): SecretKey {
  const trimmed = text.trim();
  if (!HEX_KEY.test(trimmed)) {
    const what = trimmed.length === 0 ? 'is empty' : /^[0-9a-fA-F]*$/.test(trimmed) ? `has ${trimmed.length} hexadecimal characters` : 'holds characters other than 0-9 and a-f';
    throw new SecretBackendError(`${source} must be 64 hexadecimal characters (32 random bytes), and it ${what}. ${MAKE_A_KEY}.`);
  }
  return new SecretKey(Buffer.from(trimmed, 'hex'));
}

/** A key from a file holding its 64 hex characters; refused when other users could read the file (POSIX). */
export async function readSecretKeyFile(path: string): Promise<SecretKey> {
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new SecretBackendError(`The secret key file ${path} is not a file.`);
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
      throw new SecretBackendError(
        `The secret key file ${path} can be read or changed by other users (mode ${mode}); Relaydesk uses it only when it is private to its owner. Fix it with: chmod 600 ${path}`,
      );
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof SecretBackendError) throw error;
    throw new SecretBackendError(`The secret key file ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  return parseSecretKey(text, `The secret key file ${path}`);
}

export interface SecretKeySources {
  /** `--secret-key-file`: wins over the environment. */
  keyFile?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Server mode's key: `--secret-key-file`, else `RELAYDESK_SECRET_KEY_FILE` or
 * `RELAYDESK_SECRET_KEY` (both set is refused: they could disagree, and a silent choice
 * would look like a wrong key). Without one, a SecretBackendError says what to set.
 */
export async function loadSecretKey({ keyFile, env = process.env }: SecretKeySources): Promise<SecretKey> {
  if (keyFile !== undefined) return readSecretKeyFile(keyFile);
  const fromEnvFile = env.RELAYDESK_SECRET_KEY_FILE || undefined;
  const fromEnv = env.RELAYDESK_SECRET_KEY || undefined;
  if (fromEnvFile !== undefined && fromEnv !== undefined) {
    throw new SecretBackendError('Both RELAYDESK_SECRET_KEY and RELAYDESK_SECRET_KEY_FILE are set: keep only one.');
  }
  if (fromEnvFile !== undefined) return readSecretKeyFile(fromEnvFile);
  if (fromEnv !== undefined) return parseSecretKey(fromEnv, 'RELAYDESK_SECRET_KEY');
  throw new SecretBackendError(
    'Server mode keeps channel keys and other secrets encrypted in the database under a key that you keep, and no key was given. ' +
      'Set RELAYDESK_SECRET_KEY to 64 hexadecimal characters (32 random bytes), or write them to a file only the relay\'s user can read (chmod 600) ' +
      `and give its path with --secret-key-file or RELAYDESK_SECRET_KEY_FILE. ${MAKE_A_KEY}. ` +
      'Keep a copy somewhere safe: without it the stored secrets cannot be read. Every instance needs the same key.',
  );
}
