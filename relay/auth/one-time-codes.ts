// Short-lived codes sent by mail (verify an address, reset a password): only their SHA-256 is
// kept, in the secret store (shared by every instance in server mode), one live code per key.
import { randomInt, randomUUID } from 'node:crypto';
import type { StoragePorts } from '../store/ports.js';
import { equalsConstantTime, sha256Hex } from './secret-token.js';

/** Wrong tries before a code is void (a new one must be asked for). */
export const MAX_CODE_ATTEMPTS = 5;

interface StoredCode<T> {
  hash: string;
  expires_at: number;
  attempts: number;
  data: T;
}

export type CodeRefusal = 'missing' | 'expired' | 'wrong' | 'busy';

type CodeStore = Pick<StoragePorts, 'secrets' | 'leases'>;

const nameOf = (key: string) => `code:${key}`;

/** A code of `length` decimal digits. */
export function digitCode(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** Keeps `code` for `key` (replacing an earlier one) until `ttlMs` from now, with `data` answered when it is redeemed. */
export async function keepCode<T>(store: CodeStore, key: string, code: string, data: T, ttlMs: number, now = Date.now()): Promise<void> {
  const stored: StoredCode<T> = { hash: sha256Hex(code), expires_at: now + ttlMs, attempts: 0, data };
  await store.secrets.set(nameOf(key), JSON.stringify(stored));
}

/**
 * Redeems the code kept for `key`: once. Attempts on one key run one at a time on every
 * instance (a lease), so two concurrent uses of a right code cannot both succeed; a code
 * guessed wrong MAX_CODE_ATTEMPTS times is void.
 */
export async function redeemCode<T>(store: CodeStore, key: string, code: string, now = Date.now()): Promise<{ data: T } | { refused: CodeRefusal }> {
  const name = nameOf(key);
  const holder = randomUUID();
  if (!(await store.leases.acquire(name, holder, 10_000))) return { refused: 'busy' };
  try {
    const raw = await store.secrets.get(name);
    if (raw === null) return { refused: 'missing' };
    const stored = JSON.parse(raw) as StoredCode<T>;
    if (stored.expires_at <= now) {
      await store.secrets.delete(name);
      return { refused: 'expired' };
    }
    if (!equalsConstantTime(stored.hash, sha256Hex(code.trim()))) {
      const attempts = stored.attempts + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) await store.secrets.delete(name);
      else await store.secrets.set(name, JSON.stringify({ ...stored, attempts }));
      return { refused: 'wrong' };
    }
    await store.secrets.delete(name);
    return { data: stored.data };
  } finally {
    await store.leases.release(name, holder);
  }
}

/** What a refusal tells the user. */
export function codeRefusalMessage(refusal: CodeRefusal, what: string): string {
  switch (refusal) {
    case 'missing':
      return `No ${what} is waiting: ask for a new one.`;
    case 'expired':
      return `The ${what} has expired: ask for a new one.`;
    case 'wrong':
      return `The ${what} is wrong (after ${MAX_CODE_ATTEMPTS} wrong tries it stops working).`;
    case 'busy':
      return `The ${what} is being checked already: try again in a moment.`;
  }
}
