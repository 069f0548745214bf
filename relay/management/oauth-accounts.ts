// What an OAuth sign-in does once the provider said who signed in: sign in the linked user,
// make an account (registration policy permitting), or link the provider to the signed-in user.
import { randomBytes, randomInt } from 'node:crypto';
import type { Request } from 'express';
import { hashPassword } from '../auth/password.js';
import type { OAuthFlow } from '../auth/oauth/flow-cookie.js';
import type { OAuthProfile, OAuthProviderId } from '../auth/oauth/protocol.js';
import { ApiError } from '../http/errors.js';
import { storedSettings } from '../settings.js';
import { DEFAULT_GROUP } from '../store/groups.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import { Role, UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { inviterFor, welcomeNewUser } from './new-account.js';

const USERNAME_MAX = 32;

/** The user a sign-in may continue as: not deleted, not disabled. */
function usable(user: UserRecord): UserRecord {
  if (user.deleted_at !== 0) throw new ApiError(403, 'The account linked to this sign-in was deleted.');
  if (user.status !== UserStatus.enabled) throw new ApiError(403, 'This account is disabled.');
  return user;
}

/** The linked user, or a new account made for this sign-in when the registration policy permits. */
export async function userForSignIn(context: ManagementContext, label: string, profile: OAuthProfile, flow: OAuthFlow, req: Request): Promise<UserRecord> {
  const linked = await context.store.users.byOAuth(flow.provider, profile.subject);
  return linked ? usable(linked) : registerThrough(context, label, profile, flow, req);
}

/**
 * An account for someone the provider vouched for, under the registration rules of
 * POST /api/user/register: closed refuses, invite needs an invitation code (given to the
 * sign-in's start), and the starting quota and the inviter's reward are granted the same way.
 * A verified email from the provider counts as verified; one another account has is refused
 * (that person signs in and links instead). The password is random: nobody knows it.
 */
async function registerThrough(context: ManagementContext, label: string, profile: OAuthProfile, flow: OAuthFlow, req: Request): Promise<UserRecord> {
  const settings = await storedSettings(context.store);
  if (settings.registration_policy === 'closed') {
    throw new ApiError(403, `No account here is linked to this ${label} account, and registration is closed: sign in another way and link ${label} on your profile, or ask an administrator for an account.`);
  }
  const inviter = await inviterFor(context, settings, flow.aff_code ?? '', `open your invitation link, then sign in with ${label}.`);
  if (settings.email_verification && !profile.email) throw new ApiError(403, `Registration needs a verified email address, and ${label} gave none.`);
  if (profile.email && (await context.store.users.byEmail(profile.email))) {
    throw new ApiError(409, `An account with ${profile.email} exists already: sign in to it and link ${label} on your profile.`);
  }
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  let user: UserRecord | null = null;
  for (const name of usernameCandidates(profile.username)) {
    user = await context.store.users.create({ username: name, password_hash: passwordHash, role: Role.common, group: DEFAULT_GROUP, email: profile.email, inviter_id: inviter?.id ?? 0 });
    if (user) break;
  }
  if (!user) throw new ApiError(409, 'No free username was found for this account: register with a username instead.');
  user = (await context.store.users.update(user.id, { oauth: [linkOf(flow.provider, profile)] })) ?? user;
  await welcomeNewUser(context, settings, user, inviter, req, `registered with ${label} (${profile.name})`);
  return user;
}

/** The provider's name made a valid username (letters, digits, _ . -), then the same with a number, until one is free. */
export function* usernameCandidates(wanted: string): Generator<string> {
  const base = wanted.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, USERNAME_MAX - 5) || 'user';
  yield base;
  for (let n = 2; n <= 9; n++) yield `${base}-${n}`;
  for (let i = 0; i < 5; i++) yield `${base}-${randomInt(1000, 10_000)}`;
}

/**
 * Links the provider's account to the user who started the link from their profile, whose
 * session must still be live. A provider account links to one user only, and a user has one
 * link per provider.
 */
export async function linkTo(context: ManagementContext, label: string, profile: OAuthProfile, flow: OAuthFlow, req: Request): Promise<UserRecord> {
  const session = flow.session ? await context.store.sessions.find(flow.session) : undefined;
  const found = session && session.user_id === flow.user_id ? await context.store.users.get(session.user_id) : undefined;
  if (!found) throw new ApiError(401, `Your session ended before ${label} answered: sign in and link again.`);
  const user = usable(found);
  const holder = await context.store.users.byOAuth(flow.provider, profile.subject);
  if (holder && holder.id !== user.id) throw new ApiError(409, `This ${label} account is linked to another user of this relay.`);
  if (holder) return user;
  if (user.oauth.some((link) => link.provider === flow.provider)) throw new ApiError(409, `Your account is linked to another ${label} account: unlink that one first.`);
  const updated = (await context.store.users.update(user.id, { oauth: [...user.oauth, linkOf(flow.provider, profile)] })) ?? user;
  context.store.logs.append({ type: LogType.system, user_id: user.id, username: user.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: `linked ${label} (${profile.name})` });
  return updated;
}

function linkOf(provider: OAuthProviderId, profile: OAuthProfile) {
  return { provider, subject: profile.subject, name: profile.name, linked_at: Date.now() };
}
