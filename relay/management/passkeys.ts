import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import type { PasskeyRecord } from '../store/account-records.js';
import { storedSettings } from '../settings.js';
import type { ManagementContext } from './context.js';
import { AssertionSchema, assertionOptions, checkAssertion, checkNewPasskey, RegistrationResponseSchema, registrationOptions } from './passkey-ceremony.js';
import { Answer, route } from './route.js';
import { Nothing, UserViewSchema } from './schemas.js';
import { startSession } from './sign-in.js';
import { toUserView } from './user.js';
import { requireVerified } from './verification.js';

/** Passkeys one user may keep. */
const MAX_PASSKEYS = 20;

const PasskeyViewSchema = Type.Object({
  id: Type.String({ description: 'The credential id (base64url)' }),
  name: Type.String(),
  created_at: Type.Integer({ description: 'ms' }),
  last_used_at: Type.Integer({ description: 'ms; 0 never used' }),
  transports: Type.Array(Type.String(), { description: 'How the browser reaches it (internal, usb, hybrid…)' }),
});

const OptionsSchema = Type.Record(Type.String(), Type.Unknown(), { description: 'For startRegistration/startAuthentication of @simplewebauthn/browser (the WebAuthn options as JSON)' });
const NameSchema = Type.String({ maxLength: 64, description: 'What you call it ("Laptop", "Phone")' });

function view(passkey: PasskeyRecord) {
  const { id, name, created_at, last_used_at, transports } = passkey;
  return { id, name, created_at, last_used_at, transports };
}

function givenName(name: string | undefined, fallback: string): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? fallback : trimmed;
}

/**
 * Passkeys (WebAuthn): register on the profile, list, rename and remove them, and sign in with
 * one without a username or password. The relying party is the console's own origin (see
 * relyingParty); the challenges are signed, so any instance can finish a ceremony another began.
 */
export function passkeyRoutes(context: ManagementContext) {
  const ownPasskey = async (userId: number, id: string) => {
    const user = await context.store.users.get(userId);
    if (!user?.passkeys.some((p) => p.id === id)) throw new ApiError(404, 'You have no such passkey.');
    return user;
  };
  return [
    route({
      method: 'get',
      path: '/user/passkey',
      tag: 'user management',
      access: 'user',
      summary: 'Your passkeys',
      response: Type.Array(PasskeyViewSchema),
      handler: ({ user }) => user.passkeys.map(view),
    }),
    route({
      method: 'post',
      path: '/user/passkey/options',
      tag: 'user management',
      access: 'user',
      audit: false, // changes nothing
      summary: 'Start adding a passkey: the options for the browser (valid 5 minutes, on the console address it is asked from)',
      response: OptionsSchema,
      handler: async ({ user, req, res }) => {
        if (user.passkeys.length >= MAX_PASSKEYS) throw new ApiError(409, `You have ${MAX_PASSKEYS} passkeys, the most one account keeps: remove one first.`);
        res.setHeader('Cache-Control', 'no-store');
        return { ...(await registrationOptions(context, req, user, (await storedSettings(context.store)).site_name)) };
      },
    }),
    route({
      method: 'post',
      path: '/user/passkey',
      tag: 'user management',
      access: 'user',
      critical: true,
      summary: 'Add a passkey: the browser’s answer to the options, and a name for it',
      body: Type.Object({ name: Type.Optional(NameSchema), response: RegistrationResponseSchema }),
      response: PasskeyViewSchema,
      handler: async ({ body, user, req }) => {
        const passkey = await checkNewPasskey(context, req, user, body.response, givenName(body.name, `Passkey ${user.passkeys.length + 1}`));
        const fresh = (await context.store.users.get(user.id)) ?? user;
        if (fresh.passkeys.length >= MAX_PASSKEYS) throw new ApiError(409, `You have ${MAX_PASSKEYS} passkeys, the most one account keeps: remove one first.`);
        await context.store.users.update(user.id, { passkeys: [...fresh.passkeys, passkey] });
        return new Answer(view(passkey), `Passkey "${passkey.name}" added: you can sign in with it.`);
      },
    }),
    route({
      method: 'put',
      path: '/user/passkey/:id',
      tag: 'user management',
      access: 'user',
      summary: 'Rename one of your passkeys',
      body: Type.Object({ name: NameSchema }),
      response: Nothing,
      handler: async ({ body, params, user }) => {
        const name = givenName(body.name, '');
        if (name === '') throw new ApiError(400, 'Give the passkey a name.');
        const fresh = await ownPasskey(user.id, String(params.id));
        await context.store.users.update(user.id, { passkeys: fresh.passkeys.map((p) => (p.id === params.id ? { ...p, name } : p)) });
        return new Answer(null, `Passkey renamed "${name}".`);
      },
    }),
    route({
      method: 'delete',
      path: '/user/passkey/:id',
      tag: 'user management',
      access: 'user',
      summary: 'Remove one of your passkeys (needs a security verification): it no longer signs you in',
      response: Nothing,
      handler: async ({ params, user, req }) => {
        await requireVerified(context, req);
        const fresh = await ownPasskey(user.id, String(params.id));
        const removed = fresh.passkeys.find((p) => p.id === params.id)!;
        await context.store.users.update(user.id, { passkeys: fresh.passkeys.filter((p) => p.id !== params.id) });
        return new Answer(null, `Passkey "${removed.name}" removed.`);
      },
    }),
    route({
      method: 'post',
      path: '/user/passkey/login/options',
      tag: 'user login and registration',
      access: 'public',
      summary: 'Start signing in with a passkey: the options for the browser (any passkey of this site; valid 5 minutes)',
      response: OptionsSchema,
      handler: async ({ req, res }) => {
        res.setHeader('Cache-Control', 'no-store');
        return { ...(await assertionOptions(context, req, 'passkey sign-in')) };
      },
    }),
    route({
      method: 'post',
      path: '/user/passkey/login',
      tag: 'user login and registration',
      access: 'public',
      critical: true,
      summary: 'Sign in with a passkey, without username or password: the browser’s answer to the options; sets the session cookie (a passkey with user verification is two factors: no two-step code asked)',
      body: Type.Object({ response: AssertionSchema }),
      response: UserViewSchema,
      handler: async ({ body, req, res }) => {
        const { user, passkey } = await checkAssertion(context, req, 'passkey sign-in', body.response);
        return toUserView(await startSession(context, user, req, res, `signed in with a passkey (${passkey.name})`));
      },
    }),
    route({
      method: 'post',
      path: '/verify/passkey/options',
      tag: 'security verification',
      access: 'user',
      audit: false, // changes nothing
      summary: 'Start a security verification with a passkey: the options for the browser (one of your passkeys; valid 5 minutes); its answer goes to POST /api/verify as assertion',
      response: OptionsSchema,
      handler: async ({ user, req, res }) => {
        if (user.passkeys.length === 0) throw new ApiError(409, 'You have no passkey.');
        res.setHeader('Cache-Control', 'no-store');
        return { ...(await assertionOptions(context, req, 'passkey verification', user)) };
      },
    }),
  ];
}
