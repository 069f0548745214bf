import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../auth/secret-token.js';
import { totpStep } from '../auth/totp.js';
import { ApiError } from '../http/errors.js';
import type { TotpState } from '../store/account-records.js';
import type { UserRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { tooManyAttempts } from './limit-critical.js';

/** Wrong codes within CODE_LOCK_MS that lock codes, and for how long from the last of them. */
const CODE_ATTEMPTS = 5;
const CODE_LOCK_MS = 5 * 60_000;
const BACKUP_CODE_COUNT = 4;
/** No 0/O or 1/I; 32 characters, so a byte modulo 32 is unbiased. */
const BACKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Where a user's TOTP seed lives (the secret store; never a record). */
export const totpSecretName = (userId: number) => `totp:${userId}`;

export function twoFactorOn(user: UserRecord): boolean {
  return user.totp?.enabled === true;
}

/** `count` new backup codes (shown once) and their SHA-256, as the record keeps them. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, () => [...randomBytes(8)].map((b) => BACKUP_ALPHABET[b % 32]).join(''));
  return { codes, hashes: codes.map(backupHash) };
}

function backupHash(code: string): string {
  return sha256Hex(code.toUpperCase().replace(/[\s-]/g, ''));
}

/**
 * Checks a two-step code of `user`: a TOTP code (the current 30 s step or the one before or
 * after) or, when `backup` allows, one of their backup codes (used up by it). A TOTP code
 * already accepted in its step is refused, across instances (the rate counters claim each
 * step once; last_step keeps it past a restart), except, with `lastStepAgain`, the code of the
 * step last accepted (a request already verified with that very code, in this session).
 *
 * Brute force: wrong codes are counted per user (rate counters, shared by every instance); the
 * fifth within 5 minutes locks codes for 5 minutes from then (totp.locked_until, on the user's
 * record, so every instance refuses them: 429 with the time left). Answers how the user proved
 * it and the state after.
 */
export async function checkTwoFactorCode(
  context: ManagementContext,
  user: UserRecord,
  code: string,
  options: { backup: boolean; lastStepAgain?: boolean },
): Promise<{ how: 'code' | 'backup code'; totp: TotpState }> {
  const totp = user.totp;
  const secret = totp ? await context.store.secrets.get(totpSecretName(user.id)) : null;
  if (!totp || !secret) throw new ApiError(409, 'Two-step verification is not set up.');
  const lockedFor = (totp.locked_until ?? 0) - Date.now();
  if (lockedFor > 0) throw tooManyCodes(lockedFor);
  const given = code.trim();
  const step = totpStep(secret, given);
  if (step !== undefined && options.lastStepAgain && step === totp.last_step) return { how: 'code', totp };
  if (step !== undefined && step > totp.last_step && (await claimOnce(context, `2fa-step:${user.id}:${step}`))) {
    return { how: 'code', totp: await saved(context, user.id, { ...totp, last_step: step }) };
  }
  if (options.backup && given.length >= 8) {
    const hash = backupHash(given);
    if (totp.backup_code_hashes.includes(hash) && (await claimOnce(context, `2fa-backup:${user.id}:${hash}`))) {
      return { how: 'backup code', totp: await saved(context, user.id, { ...totp, backup_code_hashes: totp.backup_code_hashes.filter((h) => h !== hash) }) };
    }
  }
  if (step !== undefined) throw new ApiError(403, 'This code was already used: wait for the next one.');
  // A wrong code (a code the app showed, used before, is no guess at the seed: not counted).
  const wrong = await context.store.counters.hit(`2fa-wrong:${user.id}`, CODE_ATTEMPTS - 1, CODE_LOCK_MS);
  if (!wrong.allowed) {
    const lockedUntil = Date.now() + CODE_LOCK_MS;
    await context.store.users.update(user.id, (current) => (current.totp ? { totp: { ...current.totp, locked_until: lockedUntil } } : {}));
  }
  throw new ApiError(403, 'Wrong code.');
}

async function saved(context: ManagementContext, userId: number, totp: TotpState): Promise<TotpState> {
  await context.store.users.update(userId, { totp });
  return totp;
}

/** True for the first caller on any instance (within the counters' window, longer than a code lives). */
async function claimOnce(context: ManagementContext, key: string): Promise<boolean> {
  return (await context.store.counters.hit(key, 1, 10 * 60_000)).allowed;
}

function tooManyCodes(retryAfterMs: number): ApiError {
  return tooManyAttempts('Too many wrong codes: two-step codes are locked', retryAfterMs / 1000);
}
