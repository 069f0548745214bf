import { ApiError } from '../http/errors.js';
import { AdvancedCustomError, parseAdvancedCustom } from '../providers/advanced-custom/config.js';
import type { AdvancedCustomConfig } from '../providers/advanced-custom/config.js';

const USERNAME = /^[A-Za-z0-9_.-]{1,32}$/;

export function username(value: unknown): string {
  if (typeof value !== 'string' || !USERNAME.test(value)) {
    throw new ApiError(400, 'The username must be 1 to 32 letters, digits, "_", "." or "-".');
  }
  return value;
}

export function newPassword(value: unknown): string {
  if (typeof value !== 'string' || [...value].length < 8 || [...value].length > 128) {
    throw new ApiError(400, 'The password must be 8 to 128 characters long.');
  }
  return value;
}

/** A password given to check (login): only its type and a sane length bound. */
export function givenPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) {
    throw new ApiError(400, 'Enter the username and the password.');
  }
  return value;
}

/** An advanced custom configuration (type 58) given in a form: normalised, or a 400 naming the field at fault. */
export function validateAdvancedCustom(json: unknown): AdvancedCustomConfig {
  try {
    return parseAdvancedCustom(json);
  } catch (error) {
    if (error instanceof AdvancedCustomError) throw new ApiError(400, error.message);
    throw error;
  }
}
