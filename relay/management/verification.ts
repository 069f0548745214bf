import { Type } from '@sinclair/typebox';
import type { Request } from 'express';
import { verifyPassword } from '../auth/password.js';
import { ApiError } from '../http/errors.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { tooManyAttempts } from './limit-critical.js';
import { verifyWithPasskey } from './passkey-ceremony.js';
import { Answer, route } from './route.js';
import { readProof, signProof } from './signed-proof.js';
import { checkTwoFactorCode, twoFactorOn } from './two-factor-check.js';

/** The header a verified request carries its proof in. */
export const VERIFICATION_HEADER = 'X-Verification-Proof';
/** On a refusal for want of a proof, so the console knows to ask for one (then retry). */
export const VERIFICATION_REQUIRED_HEADER = 'X-Verification-Required';
export const VERIFICATION_LIFETIME_MS = 5 * 60_000;
const PURPOSE = 'security verification';
/** Password verifications per user per 5 minutes (codes have their own lock). */
const PASSWORD_ATTEMPTS = 10;
const PASSWORD_WINDOW_MS = 5 * 60_000;

export type VerificationMethod = 'passkey' | 'totp' | 'password';

/** How this user can verify: a passkey and a TOTP code when set up; the password only when neither is. */
export function verificationMethods(user: UserRecord): VerificationMethod[] {
  const methods: VerificationMethod[] = [];
  if (user.passkeys.length > 0) methods.push('passkey');
  if (twoFactorOn(user)) methods.push('totp');
  return methods.length > 0 ? methods : ['password'];
}

/**
 * What a proof is bound to: the session it was given to, or, for a caller with the personal
 * access token, that token (a new token voids it).
 */
function binding(req: Request): string {
  if (req.authScheme === 'session' && req.sessionIdHash) return `session:${req.sessionIdHash}`;
  if (req.authScheme === 'access-token' && req.user?.access_token_hash) return `token:${req.user.access_token_hash}`;
  throw new ApiError(401, 'Not signed in.');
}

function verificationRequired(message: string): ApiError {
  return new ApiError(403, message, { [VERIFICATION_REQUIRED_HEADER]: '1' });
}

/**
 * Refuses (403, with X-Verification-Required) unless the request carries a live security
 * verification proof (`POST /api/verify`) given to this user in this session. For routes
 * that reveal or change secrets: channel keys, two-step verification, another user's password.
 */
export async function requireVerified(context: ManagementContext, req: Request): Promise<void> {
  const proof = req.get(VERIFICATION_HEADER);
  if (!proof) throw verificationRequired(`Security verification required: verify (POST /api/verify), then send its proof in ${VERIFICATION_HEADER}.`);
  const userId = await readProof(context, PURPOSE, proof.trim(), binding(req));
  if (userId === undefined || userId !== req.user?.id) throw verificationRequired('Your security verification expired or is not valid here: verify again.');
}

export interface VerificationInput {
  method: VerificationMethod;
  code?: string;
  password?: string;
  /** A WebAuthn assertion (passkeys). */
  assertion?: unknown;
}

/** Checks one verification of `user` (throws ApiError when it fails); answers how they proved it, for the log. */
export async function verifyIdentity(context: ManagementContext, user: UserRecord, input: VerificationInput, req?: Request): Promise<string> {
  const methods = verificationMethods(user);
  if (!methods.includes(input.method)) {
    throw verificationRequired(input.method === 'password' ? `Verify with ${methods.map((m) => (m === 'totp' ? 'a two-step code' : 'a passkey')).join(' or ')}: the password alone is not enough once those are set up.` : `You have no ${input.method === 'totp' ? 'two-step verification' : 'passkey'} set up.`);
  }
  if (input.method === 'totp') return `two-step ${(await checkTwoFactorCode(context, user, input.code ?? '', { backup: true })).how}`;
  if (input.method === 'passkey') {
    if (!req) throw new ApiError(400, 'Verify with a passkey through POST /api/verify.');
    return verifyWithPasskey(context, req, user, input.assertion);
  }
  const password = input.password ?? '';
  if (password.length === 0 || password.length > 1024) throw new ApiError(400, 'Enter your password.');
  const attempt = await context.store.counters.hit(`verify-password:${user.id}`, PASSWORD_ATTEMPTS, PASSWORD_WINDOW_MS);
  if (!attempt.allowed) throw tooManyAttempts('Too many password checks', attempt.retryAfterMs / 1000);
  if (!(await verifyPassword(password, user.password_hash))) throw new ApiError(403, 'Wrong password.');
  return 'password';
}

const VerifyBody = Type.Object({
  method: Type.Union([Type.Literal('totp'), Type.Literal('password'), Type.Literal('passkey')], { description: 'How you verify: a passkey or a TOTP code when set up; the password only when neither is' }),
  code: Type.Optional(Type.String({ description: 'method totp: the 6-digit code of your authenticator app' })),
  password: Type.Optional(Type.String({ description: 'method password' })),
  assertion: Type.Optional(Type.Unknown({ description: 'method passkey: the browser’s answer to the options of POST /api/verify/passkey/options' })),
});

/** `POST /api/verify` and which methods the caller has. */
export function verificationRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/verify',
      tag: 'security verification',
      access: 'user',
      summary: 'How you can verify (passkey, totp, or password when neither is set up)',
      response: Type.Object({ methods: Type.Array(Type.String()) }),
      handler: ({ user }) => ({ methods: verificationMethods(user) }),
    }),
    route({
      method: 'post',
      path: '/verify',
      tag: 'security verification',
      access: 'user',
      critical: true,
      audit: false, // writes its own record
      summary: `Security verification: answers a proof for 5 minutes, bound to you and this session; send it in ${VERIFICATION_HEADER} to reveal keys or change two-step verification`,
      body: VerifyBody,
      response: Type.Object({ proof: Type.String(), expires_at: Type.Integer({ description: 'ms' }), header: Type.String() }),
      handler: async ({ body, user, req, res }) => {
        const how = await verifyIdentity(context, user, body, req);
        const { proof, expires_at } = await signProof(context, PURPOSE, user.id, binding(req), VERIFICATION_LIFETIME_MS);
        context.store.logs.append({ type: LogType.manage, user_id: user.id, username: user.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: `security verification (${how})` });
        res.setHeader('Cache-Control', 'no-store');
        return new Answer({ proof, expires_at, header: VERIFICATION_HEADER }, 'Verified for 5 minutes.');
      },
    }),
  ];
}
