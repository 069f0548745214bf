import { ApiError } from '../http/errors.js';
import type { UserRepo } from '../store/ports.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address as given in a form: trimmed; '' only where `allowEmpty`. */
export function checkedEmail(value: string, allowEmpty = false): string {
  const email = value.trim();
  if (email === '' && allowEmpty) return '';
  if (email.length > 254 || !EMAIL.test(email)) throw new ApiError(400, `"${email.slice(0, 80)}" is not an email address.`);
  return email;
}

/** Refuses (409) an address another account has; `selfId`'s own is fine. */
export async function checkEmailFree(users: Pick<UserRepo, 'byEmail'>, email: string, selfId?: number): Promise<void> {
  const owner = email ? await users.byEmail(email) : undefined;
  if (owner && owner.id !== selfId) throw new ApiError(409, `The email address ${email} is in use by another account.`);
}
