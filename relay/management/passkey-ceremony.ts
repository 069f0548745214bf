// The WebAuthn ceremonies behind passkeys (@simplewebauthn/server): the relying party taken from
// the request, challenges every instance can check, and the checks of a new passkey and of an
// assertion against a stored one.
import { createHash, randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import { ApiError } from '../http/errors.js';
import type { PasskeyRecord } from '../store/account-records.js';
import type { UserRecord } from '../store/schema.js';
import { storedSettings } from '../settings.js';
import { UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { readProof, signProof } from './signed-proof.js';

/** How long a ceremony's challenge holds (the browser gives the user as long to answer). */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export type Ceremony = 'passkey registration' | 'passkey sign-in' | 'passkey verification';

/** A browser's answer to navigator.credentials.create/get, as @simplewebauthn/browser sends it. */
const CredentialFields = {
  id: Type.String({ maxLength: 1400 }),
  rawId: Type.String({ maxLength: 1400 }),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: Type.Record(Type.String(), Type.Unknown()),
};
export const RegistrationResponseSchema = Type.Object(
  {
    ...CredentialFields,
    response: Type.Object({ clientDataJSON: Type.String(), attestationObject: Type.String(), transports: Type.Optional(Type.Array(Type.String())) }),
  },
  { description: 'What startRegistration() of @simplewebauthn/browser answers (navigator.credentials.create as JSON)' },
);
export const AssertionSchema = Type.Object(
  {
    ...CredentialFields,
    response: Type.Object({ clientDataJSON: Type.String(), authenticatorData: Type.String(), signature: Type.String(), userHandle: Type.Optional(Type.String()) }),
  },
  { description: 'What startAuthentication() of @simplewebauthn/browser answers (navigator.credentials.get as JSON)' },
);
export type RegistrationResponse = Static<typeof RegistrationResponseSchema>;
export type Assertion = Static<typeof AssertionSchema>;

/**
 * Who the browser must be talking to: the console's own origin, and its host name as the
 * relying party id. With `public_url` set (behind a reverse proxy), that address; otherwise the
 * request's Origin, which must name the Host the request came to (as every console call's
 * must). Passkeys made on one host name (localhost) do not work on another (127.0.0.1).
 */
export async function relyingParty(context: ManagementContext, req: Request): Promise<{ origin: string; rpID: string }> {
  const given = parsedOrigin(req.get('origin'));
  if (!given) throw new ApiError(400, 'Passkeys work from the console in a browser: this request names no origin.');
  const configured = parsedOrigin((await storedSettings(context.store)).public_url);
  if (configured ? given.origin !== configured.origin : given.host !== req.get('host')) {
    throw new ApiError(400, `Passkeys work on the console's own address only (${configured?.origin ?? req.get('host')}); this request came from ${given.origin}.`);
  }
  return { origin: given.origin, rpID: given.hostname };
}

function parsedOrigin(text: string | undefined): URL | undefined {
  try {
    const url = text ? new URL(text) : undefined;
    return url && url.origin !== 'null' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A challenge any instance can check without keeping it: a random nonce and a proof signed
 * with the shared key over the ceremony, the user (0: not known yet), its expiry, the nonce
 * and the relying party. Each is accepted once (claimChallenge).
 */
async function newChallenge(context: ManagementContext, ceremony: Ceremony, userId: number, rpID: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const { proof } = await signProof(context, ceremony, userId, `${nonce}\n${rpID}`, CHALLENGE_LIFETIME_MS);
  return `${nonce}.${proof}`;
}

/** The challenge the browser signed (from its client data): the user it was given for, and its nonce. */
async function readChallenge(context: ManagementContext, ceremony: Ceremony, rpID: string, clientDataJSON: string): Promise<{ challenge: string; userId: number; nonce: string }> {
  let challenge = '';
  try {
    challenge = String(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')).challenge ?? '');
  } catch {
    throw new ApiError(400, 'The passkey answer is not valid WebAuthn client data.');
  }
  const token = Buffer.from(challenge, 'base64url').toString('utf8');
  const dot = token.indexOf('.');
  const nonce = token.slice(0, dot);
  const userId = dot > 0 ? await readProof(context, ceremony, token.slice(dot + 1), `${nonce}\n${rpID}`) : undefined;
  if (userId === undefined) throw new ApiError(403, 'This passkey request expired or is not valid here: try again.');
  return { challenge, userId, nonce };
}

/** Takes a challenge: its first use on any instance passes, every later one is refused (the rate counters are shared; they outlive the challenge). */
async function claimChallenge(context: ManagementContext, nonce: string): Promise<void> {
  const claim = await context.store.counters.hit(`passkey-challenge:${nonce}`, 1, 2 * CHALLENGE_LIFETIME_MS);
  if (!claim.allowed) throw new ApiError(403, 'This passkey answer was already used: try again.');
}

/** The WebAuthn user handle of a user: stable, not the name, and distinct across installs (the creation time). */
function userHandle(user: UserRecord): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(`relaydesk user ${user.id} ${user.created_at}`).digest().subarray(0, 16));
}

function descriptors(passkeys: PasskeyRecord[]) {
  return passkeys.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] }));
}

/** Options for navigator.credentials.create: a discoverable credential (sign-in without a username), user verification required. */
export async function registrationOptions(context: ManagementContext, req: Request, user: UserRecord, rpName: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = await relyingParty(context, req);
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.username,
    userDisplayName: user.display_name || user.username,
    userID: userHandle(user),
    challenge: await newChallenge(context, 'passkey registration', user.id, rpID),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: descriptors(user.passkeys),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Options for navigator.credentials.get: any passkey of this site (sign-in), or one of `user`'s (verification). */
export async function assertionOptions(context: ManagementContext, req: Request, ceremony: Exclude<Ceremony, 'passkey registration'>, user?: UserRecord): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = await relyingParty(context, req);
  return generateAuthenticationOptions({
    rpID,
    challenge: await newChallenge(context, ceremony, user?.id ?? 0, rpID),
    timeout: CHALLENGE_LIFETIME_MS,
    userVerification: 'required',
    ...(user ? { allowCredentials: descriptors(user.passkeys) } : {}),
  });
}

/** Checks a new passkey of `user` made with a registration challenge; answers the record to keep (not kept yet). */
export async function checkNewPasskey(context: ManagementContext, req: Request, user: UserRecord, response: RegistrationResponse, name: string): Promise<PasskeyRecord> {
  const { origin, rpID } = await relyingParty(context, req);
  const { challenge, userId, nonce } = await readChallenge(context, 'passkey registration', rpID, response.response.clientDataJSON);
  if (userId !== user.id) throw new ApiError(403, 'This passkey request was made for another account: try again.');
  const verified = await refusedWhenThrown(() => verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true }));
  if (!verified.verified) throw new ApiError(403, 'The passkey could not be verified.');
  await claimChallenge(context, nonce);
  const { credential } = verified.registrationInfo;
  if (await context.store.users.byPasskey(credential.id)) throw new ApiError(409, 'This passkey is already registered.');
  return {
    id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    name,
    created_at: Date.now(),
    last_used_at: 0,
  };
}

/**
 * Checks an assertion: a challenge of `ceremony` given by this relay and not used before, a
 * passkey registered here (of `expected` when given), its signature with the stored public
 * key, user verification, and a signature counter that moved on (a counter that did not,
 * when either is non-zero, means a cloned authenticator: refused). Keeps the new counter and
 * the time of use. Answers the user, who must be enabled, and the passkey.
 */
export async function checkAssertion(context: ManagementContext, req: Request, ceremony: Exclude<Ceremony, 'passkey registration'>, assertion: Assertion, expected?: UserRecord): Promise<{ user: UserRecord; passkey: PasskeyRecord }> {
  const { origin, rpID } = await relyingParty(context, req);
  const { challenge, userId, nonce } = await readChallenge(context, ceremony, rpID, assertion.response.clientDataJSON);
  const user = await context.store.users.byPasskey(assertion.id);
  const passkey = user?.passkeys.find((p) => p.id === assertion.id);
  if (!user || !passkey || user.deleted_at > 0) throw new ApiError(403, 'This passkey is not registered here (it may have been removed).');
  if (expected && (user.id !== expected.id || userId !== expected.id)) throw new ApiError(403, 'This passkey belongs to another account.');
  const handle = assertion.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(user)).toString('base64url')) throw new ApiError(403, 'This passkey names another account.');
  const verified = await refusedWhenThrown(() =>
    verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.id, publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
      requireUserVerification: true,
    }),
  );
  if (!verified.verified) throw new ApiError(403, "The passkey's signature does not match its public key.");
  if (user.status !== UserStatus.enabled) throw new ApiError(403, 'This account is disabled.');
  await claimChallenge(context, nonce);
  const used = { ...passkey, counter: verified.authenticationInfo.newCounter, last_used_at: Date.now() };
  const fresh = (await context.store.users.get(user.id)) ?? user;
  const updated = await context.store.users.update(user.id, { passkeys: fresh.passkeys.map((p) => (p.id === used.id ? used : p)) });
  return { user: updated ?? user, passkey: used };
}

const isAssertion = TypeCompiler.Compile(AssertionSchema);

/** Security verification's passkey method (POST /api/verify): an assertion of one of `user`'s passkeys; answers how, for the log. */
export async function verifyWithPasskey(context: ManagementContext, req: Request, user: UserRecord, assertion: unknown): Promise<string> {
  if (!isAssertion.Check(assertion)) throw new ApiError(400, 'Send the answer of your passkey (from POST /api/verify/passkey/options) as assertion.');
  const { passkey } = await checkAssertion(context, req, 'passkey verification', assertion, user);
  return `passkey ${passkey.name}`;
}

/** The library throws on every failed check (origin, signature, counter…): a refusal that says which. */
async function refusedWhenThrown<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    if (/counter/i.test(reason)) throw new ApiError(403, "This passkey's signature counter went backwards, as a copied authenticator's would: refused.");
    throw new ApiError(403, `The passkey could not be verified: ${reason}`);
  }
}
