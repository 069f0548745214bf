import { Type } from '@sinclair/typebox';
import { codeRefusalMessage, digitCode, keepCode, redeemCode } from '../auth/one-time-codes.js';
import { hashPassword } from '../auth/password.js';
import { randomAlphanumeric, sha256Hex } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import { mailConfigured, sendMail } from '../mail/mailer.js';
import { DEFAULT_GROUP } from '../store/groups.js';
import { LogType } from '../store/logs/index.js';
import { storedSettings, type Settings } from '../settings.js';
import { Role, UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { inviterFor, welcomeNewUser } from './new-account.js';
import { checkedEmail, checkEmailFree } from './email-address.js';
import { Answer, route } from './route.js';
import { Nothing } from './schemas.js';
import { newPassword, username } from './validate.js';

/** How long a mailed code works. */
export const EMAIL_CODE_TTL_MS = 15 * 60_000;
export const RESET_CODE_TTL_MS = 30 * 60_000;

const RegisterBody = Type.Object({
  username: Type.String(),
  password: Type.String(),
  email: Type.Optional(Type.String()),
  verification_code: Type.Optional(Type.String({ description: 'The code mailed to the address (when the relay requires a verified email)' })),
  aff_code: Type.Optional(Type.String({ description: "An inviter's invitation code (required when registration is by invitation)" })),
});

/** The key a code for an address is kept under (the address itself is not written in clear). */
export const emailCodeKey = (purpose: string, email: string) => `${purpose}:${sha256Hex(email.toLowerCase())}`;

/** Mails a code, or answers 503 when no SMTP server is set up (sending failures say so too). */
export async function mailCode(context: ManagementContext, settings: Settings, to: string, subject: string, text: string): Promise<void> {
  if (!mailConfigured(settings)) throw new ApiError(503, 'This relay sends no mail: an administrator must set up SMTP first.');
  try {
    await sendMail(settings, context.secrets, { to, subject, text });
  } catch (error) {
    context.log.warn(`Mail to ${to} was not sent: ${error instanceof Error ? error.message : String(error)}`);
    throw new ApiError(502, 'The mail could not be sent: the SMTP server refused it or is unreachable. Try again later.');
  }
}

/** Registration by policy, with an optional verified email; password reset by a mailed code. */
export function registrationRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/user/register/email_code',
      tag: 'user login and registration',
      access: 'public',
      critical: true,
      summary: 'Mail a registration verification code to an address (valid 15 minutes)',
      body: Type.Object({ email: Type.String() }),
      response: Nothing,
      handler: async ({ body }) => {
        const settings = await storedSettings(context.store);
        if (settings.registration_policy === 'closed') throw new ApiError(403, 'Registration is closed: ask an administrator for an account.');
        const email = checkedEmail(body.email);
        await checkEmailFree(context.store.users, email);
        const code = digitCode();
        await keepCode(context.store, emailCodeKey('register', email), code, null, EMAIL_CODE_TTL_MS);
        await mailCode(context, settings, email, `${settings.site_name}: your verification code`, `Your verification code is ${code}.\nIt works for 15 minutes. If you did not ask to register, ignore this mail.`);
        return new Answer(null, `A code was sent to ${email}.`);
      },
    }),
    route({
      method: 'post',
      path: '/user/register',
      tag: 'user login and registration',
      access: 'public',
      critical: true,
      summary: 'Register (policy permitting): the new user gets the starting quota and the default group; then sign in',
      body: RegisterBody,
      response: Type.Object({ id: Type.Integer(), username: Type.String() }),
      handler: async ({ body, req }) => {
        const settings = await storedSettings(context.store);
        if (settings.registration_policy === 'closed') throw new ApiError(403, 'Registration is closed: ask an administrator for an account.');
        const name = username(body.username);
        const password = newPassword(body.password);
        const affCode = body.aff_code?.trim() ?? '';
        const inviter = await inviterFor(context, settings, affCode, 'an invitation code (or link) is needed.');
        const email = checkedEmail(body.email ?? '', !settings.email_verification);
        if (email) await checkEmailFree(context.store.users, email);
        // Checked before the code is spent, so a taken name does not cost the user their code.
        if (await context.store.users.byUsername(name)) throw new ApiError(409, `The username ${name} is taken.`);
        if (settings.email_verification) {
          const redeemed = await redeemCode(context.store, emailCodeKey('register', email), body.verification_code ?? '');
          if ('refused' in redeemed) throw new ApiError(400, codeRefusalMessage(redeemed.refused, 'verification code'));
        }
        const user = await context.store.users.create({ username: name, password_hash: await hashPassword(password), role: Role.common, group: DEFAULT_GROUP, email, inviter_id: inviter?.id ?? 0 });
        if (!user) throw new ApiError(409, `The username ${name} is taken.`);
        await welcomeNewUser(context, settings, user, inviter, req, 'registered');
        return new Answer({ id: user.id, username: user.username }, 'Registered: sign in now.');
      },
    }),
    route({
      method: 'post',
      path: '/user/password_reset/email_code',
      tag: 'user login and registration',
      access: 'public',
      critical: true,
      summary: "Mail a password reset code to an account's email (valid 30 minutes); answers the same whether or not the address has an account",
      body: Type.Object({ email: Type.String() }),
      response: Nothing,
      handler: async ({ body }) => {
        const settings = await storedSettings(context.store);
        const email = checkedEmail(body.email);
        if (!mailConfigured(settings)) throw new ApiError(503, 'This relay sends no mail: ask an administrator to reset your password.');
        const user = await context.store.users.byEmail(email);
        if (user && user.deleted_at === 0 && user.status === UserStatus.enabled) {
          const code = randomAlphanumeric(10);
          await keepCode(context.store, `password_reset:${user.id}`, code, null, RESET_CODE_TTL_MS);
          await mailCode(context, settings, user.email, `${settings.site_name}: reset your password`, `Someone asked to reset the password of ${user.username}.\nYour reset code is ${code}. It works once, for 30 minutes.\nIf it was not you, ignore this mail: your password stays as it is.`);
        }
        return new Answer(null, `If ${email} belongs to an account, a reset code is on its way.`);
      },
    }),
    route({
      method: 'post',
      path: '/user/password_reset',
      tag: 'user login and registration',
      access: 'public',
      critical: true,
      summary: 'Set a new password with the mailed reset code (once); every session of the account ends',
      body: Type.Object({ email: Type.String(), code: Type.String(), password: Type.String() }),
      response: Nothing,
      handler: async ({ body, req }) => {
        const password = newPassword(body.password);
        const user = await context.store.users.byEmail(checkedEmail(body.email));
        const redeemed = user ? await redeemCode(context.store, `password_reset:${user.id}`, body.code) : { refused: 'missing' as const };
        if (!user || 'refused' in redeemed) throw new ApiError(400, codeRefusalMessage('refused' in redeemed ? redeemed.refused : 'missing', 'reset code'));
        await context.store.users.update(user.id, { password_hash: await hashPassword(password) });
        await context.store.sessions.deleteForUser(user.id);
        context.store.logs.append({ type: LogType.system, user_id: user.id, username: user.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: 'password reset by mailed code' });
        return new Answer(null, 'Password changed: sign in with the new one.');
      },
    }),
  ];
}
