import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s steps. */
const PERIOD_S = 30;
const DIGITS = 6;
/** A code of the step before or after the current one is accepted too (clock drift). */
const WINDOW = 1;

/** A new random seed (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, account = '', issuer = 'Relaydesk'): TOTP {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The code for a moment (tests and tools). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totp(secret).generate({ timestamp });
}

/** The time step a valid code belongs to (current ±1), or undefined when it is not valid now. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
}
