// The state of an OAuth sign-in between the redirect to the provider and its callback, kept
// by the browser in a short-lived HttpOnly cookie, sealed (AES-256-GCM: neither readable nor
// changeable) with a key every instance shares. Nothing is kept server-side, so the callback
// may reach any instance, and an abandoned sign-in leaves nothing behind.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FlowChecks, OAuthProviderId } from './protocol.js';

export const FLOW_COOKIE = 'relaydesk_oauth';
/** How long the user has at the provider. */
export const FLOW_LIFETIME_MS = 10 * 60_000;

export interface OAuthFlow extends FlowChecks {
  provider: OAuthProviderId;
  /** link: add the provider to the signed-in user (`user_id`, whose session `session` must still be live). */
  intent: 'signin' | 'link';
  user_id?: number;
  session?: string;
  /** An invitation code for an account made by this sign-in. */
  aff_code?: string;
  expires_at: number;
}

/** `key`: 32 bytes. */
export function sealFlow(flow: OAuthFlow, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The flow, or undefined when the cookie is missing, altered, sealed with another key, or expired. */
export function openFlow(cookie: string | undefined, key: Buffer, now = Date.now()): OAuthFlow | undefined {
  if (!cookie) return undefined;
  try {
    const bytes = Buffer.from(cookie, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const flow = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as OAuthFlow;
    return flow.expires_at > now ? flow : undefined;
  } catch {
    return undefined;
  }
}
