import { createHmac, randomBytes } from 'node:crypto';
import { equalsConstantTime } from '../auth/secret-token.js';
import type { ManagementContext } from './context.js';

/** The key every instance signs short-lived proofs with (in the shared secret store, never in records). */
const KEY_NAME = 'proof-signing-key';

/**
 * Short-lived proofs the server gives and later takes back without storing them: a security
 * verification, a password-checked sign-in waiting for its code. A proof names its purpose,
 * the user and its expiry, and is signed together with a binding (the session it belongs to,
 * the password hash it was checked against) that is not in the proof: the same proof shown
 * with another session, or after a password change, does not hold.
 */
export async function signProof(context: ManagementContext, purpose: string, userId: number, binding: string, lifetimeMs: number): Promise<{ proof: string; expires_at: number }> {
  const expiresAt = Date.now() + lifetimeMs;
  const head = `${userId}.${expiresAt}`;
  return { proof: `${head}.${mac(await signingKey(context), purpose, head, binding)}`, expires_at: expiresAt };
}

/** The user id a proof of `purpose` with this binding names, or undefined when it is forged, expired or for something else. */
export async function readProof(context: ManagementContext, purpose: string, proof: string, binding: string): Promise<number | undefined> {
  const match = /^(\d{1,12})\.(\d{1,16})\.([\w-]{43})$/.exec(proof);
  if (!match) return undefined;
  const [, userId, expiresAt, signature] = match;
  if (Number(expiresAt) <= Date.now()) return undefined;
  const expected = mac(await signingKey(context), purpose, `${userId}.${expiresAt}`, binding);
  return equalsConstantTime(expected, signature!) ? Number(userId) : undefined;
}

/** A 32-byte key for one use (`label`), derived from the shared signing key: every instance derives the same. */
export async function derivedKey(context: ManagementContext, label: string): Promise<Buffer> {
  return createHmac('sha256', await signingKey(context)).update(label).digest();
}

function mac(key: string, purpose: string, head: string, binding: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${head}\n${binding}`).digest('base64url');
}

/**
 * Made on first use. Two instances making it at the same first moment: the last write wins and
 * both read it back, so at worst a proof signed in that instant must be asked for again.
 */
async function signingKey(context: ManagementContext): Promise<string> {
  const key = await context.store.secrets.get(KEY_NAME);
  if (key) return key;
  await context.store.secrets.set(KEY_NAME, randomBytes(32).toString('base64url'));
  return (await context.store.secrets.get(KEY_NAME))!;
}
