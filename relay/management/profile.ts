import { Type } from '@sinclair/typebox';
import { codeRefusalMessage, digitCode, keepCode, redeemCode } from '../auth/one-time-codes.js';
import { ApiError } from '../http/errors.js';
import { storedSettings } from '../settings.js';
import { CONSOLE_LANGUAGES } from './contract.js';
import type { ManagementContext } from './context.js';
import { checkedEmail, checkEmailFree } from './email-address.js';
import { EMAIL_CODE_TTL_MS, emailCodeKey, mailCode } from './registration.js';
import { Answer, route } from './route.js';
import { Nothing } from './schemas.js';

/** The signed-in user's own profile: display name, console language, and an email address proven by a mailed code. */
export function profileRoutes(context: ManagementContext) {
  return [
    route({
      method: 'put',
      path: '/user/self',
      tag: 'user management',
      access: 'user',
      summary: 'Change your display name',
      body: Type.Object({ display_name: Type.String({ maxLength: 64 }) }),
      response: Nothing,
      handler: async ({ body, user }) => {
        await context.store.users.update(user.id, { display_name: body.display_name.trim() || user.username });
        return new Answer(null, 'Profile saved.');
      },
    }),
    route({
      method: 'put',
      path: '/user/self/language',
      tag: 'user management',
      access: 'user',
      summary: 'Choose the console language (kept with the account, so it follows you to any browser)',
      body: Type.Object({ language: Type.Union([...CONSOLE_LANGUAGES.map((code) => Type.Literal(code)), Type.Literal('')], { description: "'' goes back to the browser's language" }) }),
      response: Nothing,
      handler: async ({ body, user }) => {
        await context.store.users.update(user.id, { language: body.language });
        return new Answer(null, 'Language saved.');
      },
    }),
    route({
      method: 'post',
      path: '/user/self/email/code',
      tag: 'user management',
      access: 'user',
      critical: true,
      summary: 'Mail a code to a new email address of yours (valid 15 minutes)',
      body: Type.Object({ email: Type.String() }),
      response: Nothing,
      handler: async ({ body, user }) => {
        const email = checkedEmail(body.email);
        await checkEmailFree(context.store.users, email, user.id);
        const code = digitCode();
        await keepCode(context.store, emailCodeKey(`email_change:${user.id}`, email), code, null, EMAIL_CODE_TTL_MS);
        const settings = await storedSettings(context.store);
        await mailCode(context, settings, email, `${settings.site_name}: confirm your email address`, `Your code to confirm this address for ${user.username} is ${code}.\nIt works for 15 minutes. If you did not ask for it, ignore this mail.`);
        return new Answer(null, `A code was sent to ${email}.`);
      },
    }),
    route({
      method: 'put',
      path: '/user/self/email',
      tag: 'user management',
      access: 'user',
      critical: true,
      summary: 'Change your email address with the code mailed to it',
      body: Type.Object({ email: Type.String(), code: Type.String() }),
      response: Nothing,
      handler: async ({ body, user }) => {
        const email = checkedEmail(body.email);
        await checkEmailFree(context.store.users, email, user.id);
        const redeemed = await redeemCode(context.store, emailCodeKey(`email_change:${user.id}`, email), body.code);
        if ('refused' in redeemed) throw new ApiError(400, codeRefusalMessage(redeemed.refused, 'code'));
        await context.store.users.update(user.id, { email });
        return new Answer(null, `Your email address is ${email} now.`);
      },
    }),
  ];
}
