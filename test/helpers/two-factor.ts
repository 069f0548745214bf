import { totpCode } from '../../relay/auth/totp.js';
import type { ApiClient } from './relay.js';

const STEP_MS = 30_000;

/**
 * The codes of the previous, current and next 30 s steps, all three valid for the next 2 s
 * at least (waits out a step's last 2 s first, so a step change cannot turn one stale).
 * Each can be accepted once, in increasing order (a later step's code bars the earlier ones).
 */
export async function stepCodes(secret: string): Promise<{ previous: string; current: string; next: string }> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const now = Date.now();
  return { previous: totpCode(secret, now - STEP_MS), current: totpCode(secret, now), next: totpCode(secret, now + STEP_MS) };
}

/** A code that is not one of the three accepted now (nor the other accepted codes). */
export async function wrongCode(secret: string): Promise<string> {
  const valid = Object.values(await stepCodes(secret));
  for (let n = 0; ; n++) {
    const code = String((Number(valid[0]) + 1 + n) % 1_000_000).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

/** Sets up and enables two-step verification for the signed-in client with the previous step's code; answers the secret and backup codes. */
export async function enableTwoFactor(client: ApiClient): Promise<{ secret: string; backupCodes: string[] }> {
  const setup = await client.call('POST', '/api/user/2fa/setup', {});
  if (!setup.json?.success) throw new Error(`2FA setup failed: ${setup.text}`);
  const secret = setup.json.data.secret as string;
  const enable = await client.call('POST', '/api/user/2fa/enable', { code: (await stepCodes(secret)).previous });
  if (!enable.json?.success) throw new Error(`2FA enable failed: ${enable.text}`);
  return { secret, backupCodes: enable.json.data.backup_codes };
}
