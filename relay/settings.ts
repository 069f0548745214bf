import { isTimeZone } from './billing/budget-periods.js';
import { countedLimiter } from './http/rate-limit.js';
import type { SharedRateLimiter } from './http/rate-limit.js';
import type { CallCatalog, SettingsRepo, SettingValue, StoragePorts } from './store/ports.js';

/** Every relay setting with its default: the one place either is written down. */
export const SETTING_DEFAULTS = {
  /** Further attempts on other channels/keys after a retryable failure. */
  retry_times: 2,
  /** Statuses worth another channel (besides connection errors and timeouts before the first byte). */
  retry_status_codes: '429,500,502,503,520-523,525-599',
  connect_timeout_seconds: 10,
  /** Time to the first answer byte (headers and, for streams, the first event of the answer). 0 = none. */
  first_byte_timeout_seconds: 120,
  /** A stream that sends nothing for this long is ended. */
  stream_idle_timeout_seconds: 300,
  /** `: PING` comments to the client every N s while a stream is quiet; 0 = off. */
  stream_keepalive_seconds: 0,
  /** A video task not finished this long after it was created fails and is refunded. */
  video_task_timeout_seconds: 3600,
  /** Disable a channel (or one key of a multi-key channel) on 401/403 or an exhausted-account message. */
  auto_disable_channel: true,
  /** Re-enable an automatically disabled channel when a test of it (console or test-all) succeeds. */
  auto_enable_channel: true,
  /** First cool-down before a disabled key is probed again; doubles up to an hour. */
  key_recovery_seconds: 300,
  /** First wait before a channel (or, after a 429, a key) that failed retryably is tried again; doubles up to 5 minutes. 0 = off. */
  channel_cooldown_seconds: 5,
  /** Prompt-cache affinity: a coding-agent session's calls stick to the channel and key that served it last, this long after its last call. 0 = off. */
  cache_affinity_seconds: 3600,
  /** Models without a price: 'free' serves them at no cost, 'reject' refuses them. */
  unpriced_model_policy: 'free' as 'free' | 'reject',
  /** Output tokens reserved when a call does not say its maximum. */
  default_reserved_output_tokens: 4096,
  /** The time zone (IANA name) whose days, weeks (from Monday) and months the period budgets of keys and users follow. */
  budget_time_zone: 'UTC' as string,
  /** The model a moderation call that names none is routed and priced as (OpenAI's own default). */
  default_moderation_model: 'omni-moderation-latest' as string,
  log_retention_days: 90,
  /** Keep every call's request and response bodies (besides keys that opt in one by one); kept log_bodies_retention_days days, each cut at log_bodies_max_kib. */
  log_bodies_all: false,
  log_bodies_retention_days: 7,
  log_bodies_max_kib: 64,
  /** The largest file an upload may carry, in MB, per route: image edits, audio transcriptions and translations. */
  image_upload_max_mb: 50,
  audio_upload_max_mb: 25,
  /** A path prefix the relay is mounted under (e.g. `/relay` behind a reverse proxy); '' for none. */
  base_path: '',
  /** Shown in the console and in messages. */
  site_name: 'Relaydesk' as string,
  /** Who may create an account: nobody (the owner adds users), anyone, or holders of an invite code. */
  registration_policy: 'closed' as 'closed' | 'open' | 'invite',
  /** Quota given to a newly registered user (500 000 = 1 USD). */
  new_user_quota: 0,
  /** Registration needs an email address proven by a mailed code (needs SMTP). */
  email_verification: false,
  /** Invitation quota (aff_quota) an inviter earns for each user registered with their code. */
  invitation_reward_quota: 0,
  /** Top-up by card (Stripe Checkout): what 1 USD of quota costs, in `payment_currency`; the least one payment buys (USD of quota). */
  payment_unit_price: 1,
  payment_currency: 'usd' as string,
  payment_min_usd: 1,
  /** Stripe's API address; empty: Stripe's own (set for a test double or a proxy). */
  stripe_api_base: '' as string,
  /** Listen on every network interface instead of this computer only (next start; --host wins). */
  lan_access: false,
  /** Management API calls per IP per window; 0 = no limit. */
  api_rate_limit: 360,
  api_rate_limit_window_seconds: 180,
  /** Sign-in and other credential checks per IP per window. */
  critical_rate_limit: 20,
  critical_rate_limit_window_seconds: 1200,
  /** Outgoing mail (verification, password reset); the password is a secret option. */
  smtp_server: '' as string,
  smtp_port: 587,
  smtp_account: '' as string,
  smtp_from: '' as string,
  /** OAuth sign-in: GitHub and one OpenID Connect provider (each on once its client id and secret are set; the secrets are secret options). */
  github_client_id: '' as string,
  /** GitHub's sign-in and API addresses; empty: github.com's own (set for GitHub Enterprise or a test double). */
  github_oauth_base: '' as string,
  github_api_base: '' as string,
  oidc_issuer_url: '' as string,
  oidc_client_id: '' as string,
  /** The OpenID Connect provider's name on the sign-in button. */
  oidc_name: 'Single sign-on' as string,
  /** The address users reach the relay at (scheme, host, any path prefix), for OAuth callback URLs; empty: the address the browser used. */
  public_url: '' as string,
  /** Serve GET /metrics (Prometheus text format) on the relay's port, to holders of the metrics_token secret option. */
  metrics_enabled: false,
  /** Where OpenTelemetry traces go (OTLP over HTTP, e.g. http://127.0.0.1:4318/v1/traces); '' = tracing off. */
  otlp_traces_endpoint: '' as string,
} as const;

export type Settings = { -readonly [K in keyof typeof SETTING_DEFAULTS]: (typeof SETTING_DEFAULTS)[K] extends number ? number : (typeof SETTING_DEFAULTS)[K] extends boolean ? boolean : (typeof SETTING_DEFAULTS)[K] };

/** Parsed settings by where they were read, kept until that source's revision moves (read on every call). */
const settingsCache = new WeakMap<object, { revision: number; settings: Readonly<Settings> }>();

function remembered(source: object, revision: number, stored: Readonly<Record<string, SettingValue>>): Readonly<Settings> {
  const settings = settingsOf(stored);
  settingsCache.set(source, { revision, settings });
  return settings;
}

/** The settings as calls read them: from the call catalog, parsed again only when its revision moves. */
export function callSettings(catalog: Pick<CallCatalog, 'revision' | 'settings'>): Readonly<Settings> {
  const cached = settingsCache.get(catalog);
  return cached && cached.revision === catalog.revision ? cached.settings : remembered(catalog, catalog.revision, catalog.settings());
}

/**
 * Settings from stored values (`store.settings.all()`), falling back to the defaults: only
 * known names, each only when it has its default's type (so a stray value cannot break one).
 */
export function settingsOf(stored: Readonly<Record<string, SettingValue>>): Readonly<Settings> {
  const settings: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const [name, fallback] of Object.entries(SETTING_DEFAULTS)) {
    const value = Object.hasOwn(stored, name) ? stored[name] : undefined;
    if (typeof value === typeof fallback) settings[name] = value;
  }
  return Object.freeze(settings as Settings);
}

/** The settings now, through the storage ports. */
export async function storedSettings(store: { settings: SettingsRepo }): Promise<Readonly<Settings>> {
  return settingsOf(await store.settings.all());
}

/** The largest file an upload route takes, in bytes, and the setting that says so (named in its 413). */
export function uploadMaxBytes(settings: Settings, route: 'image' | 'audio'): { fileBytes: number; fileSetting: string } {
  const fileSetting = `${route}_upload_max_mb` as const;
  return { fileBytes: Math.round(settings[fileSetting] * 1024 * 1024), fileSetting };
}

// ---------------------------------------------------------------------------------------
// The settings table: type, default, description, validation and group of every option.

export type OptionType = 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'secret';
export const OPTION_GROUPS = ['site', 'registration', 'sign-in', 'billing', 'routing', 'timeouts', 'logs', 'network', 'rate limits', 'email', 'observability', 'other'] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

export interface OptionMeta {
  group: OptionGroup;
  description: string;
  /** Derived from the default when absent (integer for whole-number defaults). */
  type?: OptionType;
  min?: number;
  max?: number;
  values?: readonly string[];
  /** A regular expression (source) a string value must match; '' always allowed unless `required`. */
  pattern?: string;
  /** Says what the pattern wants, for the error message. */
  patternHint?: string;
  maxLength?: number;
  /** A string option that may not be empty. */
  required?: boolean;
  /** Applies at the next start only. */
  restart?: boolean;
  /** Further checks: answers an error message, or undefined. */
  check?: (value: string | number | boolean) => string | undefined;
}

/** One option as `GET /api/option/` describes it. */
export interface OptionSpec extends Omit<OptionMeta, 'check' | 'type' | 'values'> {
  key: string;
  values?: string[];
  type: OptionType;
  default: string | number | boolean | null;
}

function checkStatusList(value: string | number | boolean): string | undefined {
  for (const item of String(value).split(',')) {
    const match = /^\s*(\d{3})(?:\s*-\s*(\d{3}))?\s*$/.exec(item);
    const from = Number(match?.[1]);
    const to = Number(match?.[2] ?? match?.[1]);
    if (!match || from < 100 || to > 599 || to < from) return `retry_status_codes is a comma-separated list of HTTP statuses and ranges (e.g. 429,500-599); "${item.trim()}" is not one.`;
  }
  return undefined;
}

const OPTION_META: Record<string, OptionMeta> = {
  site_name: { group: 'site', description: 'The name shown in the console.', maxLength: 64, required: true },
  registration_policy: { group: 'registration', description: 'Who may register an account (POST /api/user/register): closed (administrators add users), open, or invite (an invitation code or link is needed).', values: ['closed', 'open', 'invite'] },
  new_user_quota: { group: 'registration', description: 'Quota given to each newly registered user (500 000 = 1 USD), recorded as a top-up.', min: 0, max: 1e12 },
  email_verification: { group: 'registration', description: 'Registration needs an email address, proven by a code mailed to it (set up SMTP under email first).' },
  invitation_reward_quota: { group: 'registration', description: 'Invitation quota an inviter earns for each user registered with their invitation code (500 000 = 1 USD); they move it into their quota from the wallet.', min: 0, max: 1e12 },
  payment_unit_price: { group: 'billing', type: 'number', description: 'Top-up by card: what 1 USD of quota costs, in the payment currency.', min: 0.01, max: 1_000_000 },
  payment_currency: { group: 'billing', description: 'Top-up by card: the currency charged (ISO code, lower case).', pattern: '^[a-z]{3}$', patternHint: 'payment_currency is a three-letter currency code like usd.', required: true },
  payment_min_usd: { group: 'billing', type: 'number', description: 'Top-up by card: the least USD of quota one payment buys.', min: 0.01, max: 1_000_000 },
  stripe_api_base: { group: 'billing', description: "Stripe's API address; empty for Stripe's own (https://api.stripe.com). Set for a test double or a proxy.", pattern: '^https?://[^\\s/]+(:\\d+)?$', patternHint: 'stripe_api_base is empty or like http://127.0.0.1:12111.', maxLength: 200 },
  unpriced_model_policy: { group: 'billing', description: 'Models without a price: free serves them at no cost, reject refuses them.', values: ['free', 'reject'] },
  budget_time_zone: { group: 'billing', description: 'The time zone (IANA name, e.g. Europe/Berlin or Asia/Shanghai) whose midnight starts the daily, weekly (Monday) and monthly budgets of keys and users.', required: true, maxLength: 64, check: (value) => (isTimeZone(String(value)) ? undefined : `budget_time_zone: "${String(value)}" is not a time zone name (like UTC or Europe/Berlin).`) },
  default_reserved_output_tokens: { group: 'billing', description: 'Output tokens reserved (priced) before a call that does not give its maximum.', min: 1, max: 10_000_000 },
  default_moderation_model: { group: 'routing', description: 'The model a moderation call (/v1/moderations) without a model is routed and priced as; OpenAI answers such calls with omni-moderation-latest.', maxLength: 200, required: true },
  retry_times: { group: 'routing', description: 'Further attempts on other channels or keys after a retryable failure.', min: 0, max: 10 },
  retry_status_codes: { group: 'routing', description: 'Upstream statuses worth another attempt (besides connection errors and timeouts before the first byte); ranges allowed.', maxLength: 500, check: checkStatusList },
  auto_disable_channel: { group: 'routing', description: 'Disable a channel key on 401/403 or an exhausted-account message.' },
  auto_enable_channel: { group: 'routing', description: 'Re-enable an automatically disabled channel when a test of it succeeds.' },
  channel_cooldown_seconds: {
    group: 'routing',
    type: 'number',
    description: 'After a retryable failure (5xx, 429, connection error, first-byte timeout) a channel, or for a 429 its key, is skipped this long; the wait doubles with each further failure up to 5 minutes and a success resets it. A Retry-After from the upstream (up to an hour) replaces the wait. 0 = off.',
    min: 0,
    max: 300,
  },
  key_recovery_seconds: { group: 'routing', description: 'First wait before a disabled key is probed again (doubles up to an hour).', min: 1, max: 86_400 },
  cache_affinity_seconds: {
    group: 'routing',
    description:
      "Prompt-cache affinity: the calls of one coding-agent session (Claude Code's session id, Codex's prompt_cache_key, an OpenAI user, Gemini CLI's prompt prefix) of one API key and model stick to the channel and key that served the session last, this many seconds after its last call, unless that key fails. 0 = off.",
    min: 0,
    max: 7 * 86_400,
  },
  connect_timeout_seconds: { group: 'timeouts', type: 'number', description: 'Time to connect to an upstream.', min: 1, max: 600, restart: true },
  first_byte_timeout_seconds: { group: 'timeouts', type: 'number', description: 'Time to the first answer byte (headers, and the first event of a stream\'s answer); 0 = none.', min: 0, max: 3600 },
  stream_idle_timeout_seconds: { group: 'timeouts', type: 'number', description: 'A stream that sends nothing for this long is ended.', min: 1, max: 86_400 },
  stream_keepalive_seconds: { group: 'timeouts', type: 'number', description: 'Send ": PING" to the client every N seconds while a stream is quiet; 0 = off.', min: 0, max: 600 },
  video_task_timeout_seconds: { group: 'timeouts', description: 'A video task (/v1/videos) not finished this long after it was created is marked failed and its quota refunded.', min: 1, max: 7 * 86_400 },
  log_retention_days: { group: 'logs', description: 'Call logs older than this are deleted; 0 keeps them forever.', min: 0, max: 36_500 },
  log_bodies_all: { group: 'logs', description: "Keep the request and response bodies of every call with its log record (a key can opt in alone with its own setting). Keys, Authorization and key-like headers are never kept; the caller's key is redacted from a body." },
  log_bodies_retention_days: { group: 'logs', description: 'Kept request and response bodies older than this many days are deleted.', min: 1, max: 3650 },
  log_bodies_max_kib: { group: 'logs', description: 'The most of each kept body, in KiB; the rest is cut, with a marker saying how much.', min: 1, max: 16_384 },
  base_path: { group: 'network', description: 'A path prefix the relay is served under behind a reverse proxy (e.g. /relay); empty for none.', pattern: '^(/[A-Za-z0-9._~-]+)+$', patternHint: 'base_path is empty or a path like /relay (no trailing slash).', maxLength: 200 },
  image_upload_max_mb: { group: 'network', type: 'number', description: 'The largest image or mask file an image edit (/v1/images/edits) may upload, in MB; a larger one is answered 413 before any upstream call.', min: 0.01, max: 2048 },
  audio_upload_max_mb: { group: 'network', type: 'number', description: 'The largest audio file a transcription or translation (/v1/audio/…) may upload, in MB; a larger one is answered 413 before any upstream call.', min: 0.01, max: 2048 },
  lan_access: { group: 'network', description: 'Listen on every network interface, not only this computer (a --host option or RELAYDESK_HOST wins).', restart: true },
  api_rate_limit: { group: 'rate limits', description: 'Management API calls per IP per window; 0 = no limit.', min: 0, max: 1_000_000 },
  api_rate_limit_window_seconds: { group: 'rate limits', description: 'The window of the management API limit.', min: 1, max: 86_400 },
  critical_rate_limit: { group: 'rate limits', description: 'Sign-ins and other credential checks per IP per window.', min: 1, max: 10_000 },
  critical_rate_limit_window_seconds: { group: 'rate limits', description: 'The window of the credential-check limit.', min: 1, max: 86_400 },
  smtp_server: { group: 'email', description: 'SMTP server host name; empty: no mail is sent (no email verification or password reset by mail).', pattern: '^[A-Za-z0-9.-]+$', patternHint: 'smtp_server is a host name like smtp.example.com.', maxLength: 253 },
  smtp_port: { group: 'email', description: 'SMTP port (465 for TLS, 587 for STARTTLS).', min: 1, max: 65_535 },
  smtp_account: { group: 'email', description: 'SMTP user name.', maxLength: 254 },
  smtp_from: { group: 'email', description: 'Sender address; empty: the account.', pattern: '^[^\\s@]+@[^\\s@]+$', patternHint: 'smtp_from is an e-mail address.', maxLength: 254 },
  github_client_id: { group: 'sign-in', description: 'Sign in with GitHub: the client ID of a GitHub OAuth app whose callback URL is <relay address>/api/oauth/github/callback; on once github_client_secret is set too.', maxLength: 200 },
  github_oauth_base: { group: 'sign-in', description: "GitHub's sign-in address; empty for https://github.com (set for GitHub Enterprise or a test double).", pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$', patternHint: 'github_oauth_base is empty or an address like https://github.example.com.', maxLength: 200 },
  github_api_base: { group: 'sign-in', description: "GitHub's API address; empty for https://api.github.com (GitHub Enterprise: https://<host>/api/v3).", pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$', patternHint: 'github_api_base is empty or an address like https://github.example.com/api/v3.', maxLength: 200 },
  oidc_issuer_url: { group: 'sign-in', description: 'Sign in with an OpenID Connect provider: its issuer URL (its metadata is discovered at <issuer>/.well-known/openid-configuration); the callback URL to register is <relay address>/api/oauth/oidc/callback.', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$', patternHint: 'oidc_issuer_url is empty or an address like https://accounts.example.com.', maxLength: 500 },
  oidc_client_id: { group: 'sign-in', description: 'The client ID the OpenID Connect provider gave this relay; on once oidc_issuer_url and oidc_client_secret are set too.', maxLength: 500 },
  oidc_name: { group: 'sign-in', description: 'The OpenID Connect provider as the sign-in button names it (e.g. Okta, Keycloak).', maxLength: 40, required: true },
  metrics_enabled: { group: 'observability', description: "Serve this instance's metrics at GET /metrics (Prometheus text format) on the relay's port, to a scraper sending Authorization: Bearer <metrics_token>; off: 404. Each instance (server mode) counts its own calls." },
  otlp_traces_endpoint: { group: 'observability', description: 'Send OpenTelemetry traces of model calls (a span per call, a child span per upstream attempt, GenAI attributes; never prompts or keys) by OTLP over HTTP to this address, e.g. http://127.0.0.1:4318/v1/traces; empty: tracing off.', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$', patternHint: 'otlp_traces_endpoint is empty or an address like http://127.0.0.1:4318/v1/traces.', maxLength: 500 },
  public_url: { group: 'sign-in', description: 'The address users reach this relay at (e.g. https://relay.example.com, with any path prefix), used to build OAuth callback URLs and as the origin passkeys belong to; empty: the address the browser used (set it behind a reverse proxy that ends TLS).', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$', patternHint: 'public_url is empty or an address like https://relay.example.com.', maxLength: 500 },
};

/** Write-only options: kept in the secret store (`option:<key>`), never answered; GET says only whether each is set. */
export const SECRET_OPTIONS: Record<string, OptionMeta> = {
  smtp_password: { group: 'email', type: 'secret', description: 'SMTP password or app token.', maxLength: 4096 },
  stripe_secret_key: { group: 'billing', type: 'secret', description: 'Top-up by card: the Stripe secret key (sk_live_… or sk_test_…); empty: card top-up is off.', maxLength: 4096 },
  stripe_webhook_secret: { group: 'billing', type: 'secret', description: "Top-up by card: the signing secret (whsec_…) of the Stripe webhook endpoint pointed at /api/stripe/webhook; a top-up is credited only from a webhook signed with it.", maxLength: 4096 },
  github_client_secret: { group: 'sign-in', type: 'secret', description: "Sign in with GitHub: the OAuth app's client secret.", maxLength: 4096 },
  metrics_token: { group: 'observability', type: 'secret', description: 'The bearer token a Prometheus scraper sends for GET /metrics (Authorization: Bearer <token>); metrics are answered only once it is set.', maxLength: 4096 },
  oidc_client_secret: { group: 'sign-in', type: 'secret', description: "Sign in with OpenID Connect: the client secret the provider gave this relay.", maxLength: 4096 },
};

export function secretNameOfOption(key: string): string {
  return `option:${key}`;
}

function typeOf(meta: OptionMeta | undefined, fallback: unknown): OptionType {
  if (meta?.type) return meta.type;
  if (meta?.values) return 'enum';
  if (typeof fallback === 'boolean') return 'boolean';
  if (typeof fallback === 'number') return Number.isInteger(fallback) ? 'integer' : 'number';
  return 'string';
}

/** Every option with its metadata, in table order (then any setting the table does not describe). */
export function optionSpecs(): OptionSpec[] {
  const keys = [...new Set([...Object.keys(OPTION_META).filter((k) => k in SETTING_DEFAULTS), ...Object.keys(SETTING_DEFAULTS), ...Object.keys(SECRET_OPTIONS)])];
  return keys.map((key) => {
    const secret = SECRET_OPTIONS[key];
    const meta = secret ?? OPTION_META[key] ?? { group: 'other', description: '' };
    const fallback = secret ? null : SETTING_DEFAULTS[key as keyof typeof SETTING_DEFAULTS];
    const { check: _check, type: _type, values, ...rest } = meta;
    return { key, ...rest, ...(values ? { values: [...values] } : {}), type: typeOf(meta, fallback), default: fallback };
  });
}

export function optionSpec(key: string): OptionSpec | undefined {
  return optionSpecs().find((s) => s.key === key);
}

/**
 * Validates (and converts: numbers and booleans may come as text) a value for `key`.
 * `null` means "back to the default" (for a secret: delete it).
 */
export function checkOption(key: string, raw: unknown): { value: string | number | boolean | null } | { error: string } {
  const spec = Object.hasOwn(SETTING_DEFAULTS, key) || Object.hasOwn(SECRET_OPTIONS, key) ? optionSpec(key) : undefined;
  if (!spec) return { error: `Unknown setting ${key}.` };
  if (raw === null) return { value: null };
  const meta = SECRET_OPTIONS[key] ?? OPTION_META[key];
  switch (spec.type) {
    case 'integer':
    case 'number': {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      const whole = spec.type === 'integer';
      if (typeof value !== 'number' || !Number.isFinite(value) || (whole && !Number.isInteger(value))) return { error: `${key} must be a ${whole ? 'whole number' : 'number'}.` };
      const min = spec.min ?? 0;
      if (value < min || (spec.max !== undefined && value > spec.max)) {
        return { error: spec.max === undefined ? `${key} must be a non-negative number.` : `${key} must be between ${min} and ${spec.max}.` };
      }
      return { value };
    }
    case 'boolean': {
      const value = raw === 'true' ? true : raw === 'false' ? false : raw;
      if (typeof value !== 'boolean') return { error: `${key} must be true or false.` };
      return { value };
    }
    case 'enum': {
      if (typeof raw !== 'string' || !spec.values?.includes(raw)) return { error: `${key} is one of ${spec.values?.join(', ')}.` };
      return { value: raw };
    }
    default: {
      if (typeof raw !== 'string') return { error: `${key} must be a string.` };
      const value = spec.type === 'secret' ? raw : raw.trim();
      if (spec.maxLength !== undefined && value.length > spec.maxLength) return { error: `${key} is at most ${spec.maxLength} characters.` };
      if (spec.required && value === '') return { error: `${key} may not be empty.` };
      if (value !== '' && spec.pattern && !new RegExp(spec.pattern).test(value)) return { error: spec.patternHint ?? `${key} does not have the expected form.` };
      const problem = value !== '' ? meta?.check?.(value) : undefined;
      if (problem) return { error: problem };
      return { value };
    }
  }
}

/**
 * A fixed-window limiter whose limit and window are settings, read on each hit: a change
 * applies at once (counting starts again). A limit of 0 lets everything through.
 */
/** A limiter of the settings' limit per window (0: none), counted by the store's rate counters. */
export function settingsRateLimiter(
  store: Pick<StoragePorts, 'catalog' | 'counters'>,
  limitKey: 'api_rate_limit' | 'critical_rate_limit',
  windowKey: 'api_rate_limit_window_seconds' | 'critical_rate_limit_window_seconds',
): SharedRateLimiter {
  return countedLimiter(store.counters, limitKey, () => {
    const settings = callSettings(store.catalog);
    return { limit: settings[limitKey], windowMs: settings[windowKey] * 1000 };
  });
}
