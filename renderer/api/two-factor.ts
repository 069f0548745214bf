// Two-step verification (TOTP), the sign-in's second step, and security verification.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';

export type TwoFactorStatus = ApiData<'/api/user/2fa/status', 'get'>;
export type TwoFactorSetup = ApiData<'/api/user/2fa/setup', 'post'>;
export type VerifyRequest = ApiBody<'/api/verify', 'post'>;
/** A security verification: its proof goes with the call it allows, in its header, until `expires_at`. */
export type Verification = ApiData<'/api/verify', 'post'>;

export function twoFactorStatus(): Promise<TwoFactorStatus> {
  return api.get('/api/user/2fa/status');
}

/** A new secret, its otpauth:// URI and QR image; not on until enabled with a code. */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return api.post('/api/user/2fa/setup', undefined);
}

/** Turns it on; answers the backup codes, shown this once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  return (await api.post('/api/user/2fa/enable', { code })).backup_codes;
}

/** New backup codes (the old ones stop working), shown this once. */
export async function renewBackupCodes(code: string): Promise<string[]> {
  return (await api.post('/api/user/2fa/backup_codes', { code })).backup_codes;
}

/** Turns it off: a security verification and a code (the verification's own code will do). */
export async function disableTwoFactor(code: string, verification: Verification): Promise<void> {
  await api.post('/api/user/2fa/disable', { code }, { headers: proofHeader(verification) });
}

/** The sign-in's second step: the pending token from the password step and a code or a backup code. */
export function signInWithCode(pendingToken: string, code: string) {
  return api.post('/api/user/login/2fa', { pending_token: pendingToken, code });
}

/** How the signed-in user can verify: passkey, totp, or password when neither is set up. */
export async function verificationMethods(): Promise<string[]> {
  return (await api.get('/api/verify')).methods;
}

/** The last verification of this page, reused while it lasts (the relay takes it for 5 minutes in this session). */
let lastVerification: Verification | null = null;

export async function verify(body: VerifyRequest): Promise<Verification> {
  lastVerification = await api.post('/api/verify', body);
  return lastVerification;
}

/** The last verification when it still has 10 s to run, else null (ask again). */
export function liveVerification(): Verification | null {
  return lastVerification !== null && lastVerification.expires_at > Date.now() + 10_000 ? lastVerification : null;
}

/** Forget it (the relay refused it: another session, or expired). */
export function forgetVerification(): void {
  lastVerification = null;
}

export function proofHeader(verification: Verification): Record<string, string> {
  return { [verification.header]: verification.proof };
}
