import { randomBytes } from 'node:crypto';
import type { SecretKey } from './secret-key.js';
import { SecretBackendError } from './secret-store.js';

// A secret sealed for the database: AES-256-GCM under the operator's key, a random 12-byte
// nonce per value, and the secret's name as additional authenticated data, so a value copied
// under another name does not open. Text, self-describing and versioned:
//   v1:<key id>:<nonce b64>:<ciphertext b64>:<tag b64>
// (base64 has no ':'). The key id names the key that sealed it, so a start with another key
// is told which key the secrets need instead of failing with an authentication error.

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that is damaged, changed, or moved from another name: it must not be trusted. */
export class SealedSecretError extends Error {}

export function sealSecret(key: SecretKey, name: string, value: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = key.cipher(nonce);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [VERSION, key.id, nonce.toString('base64'), ciphertext.toString('base64'), cipher.getAuthTag().toString('base64')].join(':');
}

interface SealedParts {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/** The id of the key that sealed `sealed` (for checks before opening anything). */
export function sealedKeyId(name: string, sealed: string): string {
  return parse(name, sealed).keyId;
}

/**
 * The plain value. A value sealed under another key is a SecretBackendError naming both keys;
 * a damaged or tampered value, or one sealed under another name, is a SealedSecretError.
 */
export function openSecret(key: SecretKey, name: string, sealed: string): string {
  const { keyId, nonce, ciphertext, tag } = parse(name, sealed);
  if (keyId !== key.id) throw new WrongSecretKeyError([keyId], key.id, `The secret "${name}" was`);
  const decipher = key.decipher(nonce);
  decipher.setAAD(Buffer.from(name, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError(`The secret "${name}" does not open with key ${key.id}: its stored value was changed, damaged, or copied from another secret.`);
  }
}

/** Secrets sealed with one key, opened with another: names the keys by id, never the keys. */
export class WrongSecretKeyError extends SecretBackendError {
  constructor(
    readonly sealedWith: readonly string[],
    readonly given: string,
    subject = 'The secrets were',
  ) {
    const keys = sealedWith.length === 1 ? `key ${sealedWith[0]}` : `keys ${sealedWith.join(' and ')}`;
    super(
      `${subject} sealed with ${keys}; this start has key ${given}. ` +
        'Start with the key the secrets were sealed with (RELAYDESK_SECRET_KEY or the key file); to change keys, use the rotate-secret-key command. No secret was changed.',
    );
  }
}

function parse(name: string, sealed: string): SealedParts {
  const parts = sealed.split(':');
  if (parts[0] !== VERSION) {
    const version = /^v\d+$/.test(parts[0] ?? '') ? `format ${parts[0]}, which this version of Relaydesk does not know (a newer version wrote it?)` : 'an unknown format';
    throw new SealedSecretError(`The secret "${name}" is stored in ${version}.`);
  }
  const [, keyId = '', nonce = '', ciphertext = '', tag = ''] = parts;
  const decoded = { keyId, nonce: base64(nonce), ciphertext: base64(ciphertext), tag: base64(tag) };
  if (parts.length !== 5 || !/^[0-9a-f]{8}$/.test(keyId) || decoded.nonce?.length !== NONCE_BYTES || decoded.tag?.length !== TAG_BYTES || !decoded.ciphertext) {
    throw new SealedSecretError(`The secret "${name}" is damaged: its stored value is not a well-formed ${VERSION} sealed value.`);
  }
  return decoded as SealedParts;
}

/** Strict base64 (Buffer.from skips what it does not understand), or undefined. */
function base64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  return Buffer.from(text, 'base64');
}
