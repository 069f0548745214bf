import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters drawn uniformly from [A-Za-z0-9] (rejection sampling, no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

/** Tokens are random enough that a fast hash is the right way to store them. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

const keyDigests = new Map<string, string>();
/** Distinct keys remembered (a team's keys, and the wrong ones tried): past this the cache starts over. */
const MAX_KEY_DIGESTS = 1024;

/**
 * An API key's stored digest (sha256Hex), remembered: every model call looks its key up, and
 * the hash is the dearest step of that. Only this process's memory holds the keys, as every
 * request that brings one does.
 */
export function apiKeyDigest(key: string): string {
  let digest = keyDigests.get(key);
  if (digest === undefined) {
    digest = sha256Hex(key);
    if (keyDigests.size >= MAX_KEY_DIGESTS) keyDigests.clear();
    keyDigests.set(key, digest);
  }
  return digest;
}

export function equalsConstantTime(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
