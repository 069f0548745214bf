import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpStep, totpUri } from '../../../relay/auth/totp.js';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (here in base32) and its
// 8-digit codes; a 6-digit code is their last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, 6 digits, 30 s)', () => {
  it('computes the codes of the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpCode(RFC_SECRET, seconds * 1000), String(seconds)).toBe(code.slice(-6));
  });

  it('accepts a code of the current step and of the one before or after, answering its step; not two steps away', () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeUndefined();
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeUndefined();
  });

  it('refuses anything but six digits', () => {
    const now = 1_234_567_890_000;
    const code = totpCode(RFC_SECRET, now);
    for (const given of ['', `${code}0`, code.slice(1), ` ${code}`, 'abcdef']) expect(totpStep(RFC_SECRET, given, now), given).toBeUndefined();
  });

  it('makes 160-bit base32 secrets, each new, and an otpauth:// URI apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'alice', 'My Relay'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/My Relay:alice');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret, issuer: 'My Relay', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
