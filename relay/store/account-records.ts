// The records of accounts and money (users' sign-in factors and invitations, redemption codes,
// top-ups): the state file's shapes (schema.ts) and the PostgreSQL tables' (postgres/schema-2.ts).
import { randomBytes } from 'node:crypto';
import { randomAlphanumeric } from '../auth/secret-token.js';

/** What a user keeps besides name, password and quota. Secrets (the TOTP seed) live in the secret store. */
export interface AccountFields {
  /** When the user was deleted (soft: records and logs keep their owner); 0: not deleted. */
  deleted_at: number;
  /** The user's invitation code (unique). */
  aff_code: string;
  /** Who invited the user; 0: nobody. */
  inviter_id: number;
  /** Invitation rewards not yet moved into `quota`. */
  aff_quota: number;
  /** Every invitation reward ever earned. */
  aff_history_quota: number;
  /** How many users registered with the code. */
  aff_count: number;
  /** Two-step verification; the TOTP seed is the secret `totp:<user id>`. null: never set up. */
  totp: TotpState | null;
  passkeys: PasskeyRecord[];
  oauth: OAuthLink[];
}

export interface TotpState {
  enabled: boolean;
  /** SHA-256 of each unused backup code. */
  backup_code_hashes: string[];
  /** The last 30 s step a code was accepted for: a code is never accepted twice. */
  last_step: number;
  /** Codes are refused until then (ms): 5 wrong ones lock them for 5 minutes. Absent: never locked. */
  locked_until?: number;
}

/** A WebAuthn credential: its public key, never a secret. */
export interface PasskeyRecord {
  /** base64url credential id. */
  id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: number;
  last_used_at: number;
}

export interface OAuthLink {
  /** `github`, or the configured OpenID Connect provider's name. */
  provider: string;
  /** The provider's stable id of the user. */
  subject: string;
  /** What the provider calls the user (login or email), for the profile page. */
  name: string;
  linked_at: number;
}

export const RedemptionStatus = { enabled: 1, disabled: 2, used: 3 } as const;
export type RedemptionStatusValue = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];

/** A redemption code. The code is shown once, when made: only its SHA-256 and a hint are kept. */
export interface RedemptionRecord {
  id: number;
  name: string;
  code_hash: string;
  /** The code's last four characters. */
  code_hint: string;
  quota: number;
  status: RedemptionStatusValue;
  created_by: number;
  created_at: number;
  /** ms; 0: never expires. */
  expires_at: number;
  /** 0: not redeemed. */
  redeemed_by: number;
  redeemed_at: number;
}

export type NewRedemption = Pick<RedemptionRecord, 'name' | 'quota' | 'expires_at' | 'created_by'>;

export type TopUpSource = 'redemption' | 'admin' | 'payment' | 'invitation';
/**
 * pending: a payment started, nothing credited; crediting: being credited (the server store
 * finishes it after a crash, once); done; failed; expired (a payment never completed).
 */
export type TopUpStatus = 'pending' | 'crediting' | 'done' | 'failed' | 'expired';

/** Quota added to a user, and why. */
export interface TopUpRecord {
  id: number;
  user_id: number;
  quota: number;
  source: TopUpSource;
  /** A payment's provider (`stripe`); '' otherwise. */
  provider: string;
  /** A payment's own id at its provider; '' otherwise. Unique per source. */
  reference: string;
  /** The redemption code redeemed; 0 otherwise. */
  redemption_id: number;
  /** What was paid, in `currency`; 0 when nothing was. */
  money: number;
  currency: string;
  status: TopUpStatus;
  /** Who completed it by hand, and why; ''. */
  note: string;
  created_at: number;
  completed_at: number;
}

export type NewTopUp = Pick<TopUpRecord, 'user_id' | 'quota' | 'source'> & Partial<Pick<TopUpRecord, 'provider' | 'reference' | 'money' | 'currency' | 'note'>>;

/** A user's invitation code: 8 letters and digits. */
export function newAffCode(): string {
  return randomAlphanumeric(8);
}

/** A redemption code as handed out: 32 hexadecimal digits, as the established relays make them. */
export function newRedemptionCode(): string {
  return randomBytes(16).toString('hex');
}

/** The account fields of a user who has none yet (new, or from before they existed). */
export function blankAccountFields(affCode: string): AccountFields {
  return { deleted_at: 0, aff_code: affCode, inviter_id: 0, aff_quota: 0, aff_history_quota: 0, aff_count: 0, totp: null, passkeys: [], oauth: [] };
}

export function topUpRecord(id: number, input: NewTopUp, status: TopUpStatus, now: number): TopUpRecord {
  return {
    id,
    user_id: input.user_id,
    quota: input.quota,
    source: input.source,
    provider: input.provider ?? '',
    reference: input.reference ?? '',
    redemption_id: 0,
    money: input.money ?? 0,
    currency: input.currency ?? '',
    status,
    note: input.note ?? '',
    created_at: now,
    completed_at: status === 'done' ? now : 0,
  };
}

/** Why a redemption code was not redeemed. */
export type RedeemRefusal = 'unknown' | 'used' | 'disabled' | 'expired';

/** The state of a code as a user trying it sees it, at `now`. */
export function redemptionRefusal(code: RedemptionRecord | undefined, now: number): RedeemRefusal | null {
  if (!code) return 'unknown';
  if (code.status === RedemptionStatus.used) return 'used';
  if (code.status === RedemptionStatus.disabled) return 'disabled';
  if (code.expires_at !== 0 && code.expires_at <= now) return 'expired';
  return null;
}
