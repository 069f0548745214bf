import { ApiError } from '../http/errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address as given in a form: trimmed; '' only where `allowEmpty`. */
export function checkedEmail(value: string, allowEmpty = false): string {
  const email = value.trim();
  if (email === '' && allowEmpty) return '';
  if (email.length > 254 || !EMAIL.test(email)) throw new ApiError(400, `"${email.slice(0, 80)}" is not an email address.`);
  return email;
}
