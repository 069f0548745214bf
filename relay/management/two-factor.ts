import { Type } from '@sinclair/typebox';
import QRCode from 'qrcode';
import { newTotpSecret, totpUri } from '../auth/totp.js';
import { ApiError } from '../http/errors.js';
import { storedSettings } from '../settings.js';
import type { UserRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { checkTwoFactorCode, newBackupCodes, totpSecretName, twoFactorOn } from './two-factor-check.js';
import { requireVerified, VERIFICATION_HEADER } from './verification.js';

const CodeBody = Type.Object({ code: Type.String({ description: 'The 6-digit code your authenticator app shows now' }) });
const BackupCodes = Type.Object({ backup_codes: Type.Array(Type.String(), { description: 'Shown this once: each signs you in once when the app is not at hand' }) });

/** Ends a user's two-step verification: its state and its seed (also for an administrator's reset). */
export async function clearTwoFactor(context: ManagementContext, userId: number): Promise<void> {
  await context.store.users.update(userId, { totp: null });
  await context.store.secrets.delete(totpSecretName(userId));
}

/** Two-step verification (TOTP) of the signed-in user: set up, enable with a code, status, backup codes, disable. */
export function twoFactorRoutes(context: ManagementContext) {
  const tag = 'two-step verification';
  const mustBeOn = (user: UserRecord) => {
    if (!twoFactorOn(user)) throw new ApiError(409, 'Two-step verification is off.');
  };
  /** After a right app code: new backup codes (answered, shown once) replace the old ones; `enable` turns it on too. */
  const freshBackupCodes = async (user: UserRecord, code: string, enable: boolean) => {
    const { totp } = await checkTwoFactorCode(context, user, code, { backup: false });
    const { codes, hashes } = newBackupCodes();
    await context.store.users.update(user.id, { totp: { ...totp, enabled: totp.enabled || enable, backup_code_hashes: hashes } });
    return { backup_codes: codes };
  };
  return [
    route({
      method: 'get',
      path: '/user/2fa/status',
      tag,
      access: 'user',
      summary: 'Whether two-step verification is on, and how many backup codes are left',
      response: Type.Object({ enabled: Type.Boolean(), pending: Type.Boolean({ description: 'Set up, waiting for its first code' }), backup_codes_left: Type.Integer() }),
      handler: ({ user }) => ({ enabled: twoFactorOn(user), pending: user.totp !== null && !user.totp.enabled, backup_codes_left: user.totp?.enabled ? user.totp.backup_code_hashes.length : 0 }),
    }),
    route({
      method: 'post',
      path: '/user/2fa/setup',
      tag,
      access: 'user',
      summary: 'Start setting up two-step verification: answers a new secret, its otpauth:// URI and a QR image to scan (not on until enabled with a code)',
      response: Type.Object({ secret: Type.String({ description: 'base32' }), uri: Type.String({ description: 'otpauth://totp/…' }), qr_code: Type.String({ description: 'The URI as a PNG data URL' }) }),
      handler: async ({ user, res }) => {
        if (twoFactorOn(user)) throw new ApiError(409, 'Two-step verification is already on: disable it first to set up a new secret.');
        const secret = newTotpSecret();
        await context.store.secrets.set(totpSecretName(user.id), secret);
        await context.store.users.update(user.id, { totp: { enabled: false, backup_code_hashes: [], last_step: user.totp?.last_step ?? 0 } });
        const uri = totpUri(secret, user.username, (await storedSettings(context.store)).site_name);
        res.setHeader('Cache-Control', 'no-store');
        return new Answer({ secret, uri, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) }, 'Scan it with your authenticator app, then enable with the code it shows.');
      },
    }),
    route({
      method: 'post',
      path: '/user/2fa/enable',
      tag,
      access: 'user',
      critical: true,
      summary: 'Turn two-step verification on with a code from the app just set up; answers backup codes, shown once',
      body: CodeBody,
      response: BackupCodes,
      handler: async ({ user, body, res }) => {
        if (twoFactorOn(user)) throw new ApiError(409, 'Two-step verification is already on.');
        if (!user.totp) throw new ApiError(409, 'Set up two-step verification first (POST /api/user/2fa/setup).');
        const answer = await freshBackupCodes(user, body.code, true);
        res.setHeader('Cache-Control', 'no-store');
        return new Answer(answer, 'Two-step verification is on. Keep the backup codes somewhere safe: they are shown only now.');
      },
    }),
    route({
      method: 'post',
      path: '/user/2fa/backup_codes',
      tag,
      access: 'user',
      critical: true,
      summary: 'New backup codes (the old ones stop working), with a code from the app; shown once',
      body: CodeBody,
      response: BackupCodes,
      handler: async ({ user, body, res }) => {
        mustBeOn(user);
        const answer = await freshBackupCodes(user, body.code, false);
        res.setHeader('Cache-Control', 'no-store');
        return new Answer(answer, 'New backup codes: the old ones no longer work.');
      },
    }),
    route({
      method: 'post',
      path: '/user/2fa/disable',
      tag,
      access: 'user',
      critical: true,
      summary: `Turn two-step verification off: needs a security verification (${VERIFICATION_HEADER}) and a code from the app (the verification's own code is accepted) or a backup code`,
      body: CodeBody,
      response: Type.Null(),
      handler: async ({ user, body, req }) => {
        mustBeOn(user);
        await requireVerified(context, req);
        await checkTwoFactorCode(context, user, body.code, { backup: true, lastStepAgain: true });
        await clearTwoFactor(context, user.id);
        return new Answer(null, 'Two-step verification is off.');
      },
    }),
  ];
}
