import type { ManagementContext } from './context.js';
import { tooManyAttempts } from './limit-critical.js';

// Password guesses per account, besides the credential limit per IP (limit-critical.ts): a
// guesser with many addresses still gets 10 wrong passwords per account per 15 minutes; then
// the account's password sign-in answers 429, right password or not, until the window ends
// (passkeys and OAuth still sign in: the owner keeps a way in while someone hammers the name).
// Counted by the name given, found or not, so the limit does not tell which names exist; a
// sign-in that succeeds clears the count (a user's own typos do not add up).

export const PASSWORD_GUESSES = 10;
export const PASSWORD_GUESS_WINDOW_MS = 15 * 60_000;

/** Refuses with 429 when `username` is out of guesses; answers what to call after the password was checked. */
export async function passwordGuess(context: ManagementContext, username: string): Promise<(valid: boolean) => Promise<void>> {
  const key = `password-guesses:${username.trim().toLowerCase()}`;
  // Counting nothing only reads: refused when PASSWORD_GUESSES are already in the window.
  const now = await context.store.counters.take([{ key, limit: PASSWORD_GUESSES - 1, amount: 0 }], PASSWORD_GUESS_WINDOW_MS);
  if (!now.allowed) throw tooManyAttempts('Too many wrong passwords for this account', now.retryAfterMs / 1000);
  return async (valid) => {
    if (valid) await context.store.counters.correct(key, now.windows[0]!, -Number.MAX_SAFE_INTEGER);
    else await context.store.counters.take([{ key, limit: Number.MAX_SAFE_INTEGER, amount: 1 }], PASSWORD_GUESS_WINDOW_MS);
  };
}
