// Request and response shapes of the management API, and the few constants both sides
// share (roles, statuses). The console bundles this file: it must stay free of imports.

/** Every management answer: `{success, message, data}`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** `database`: server mode, each secret sealed (AES-256-GCM) in PostgreSQL under the operator's RELAYDESK_SECRET_KEY. */
export type SecretBackendName = 'keychain' | 'encrypted-file' | 'memory' | 'database';

/**
 * How the encrypted file's own key is kept: `os-sealed`, encrypted by the OS for this user
 * (the desktop app, through Electron safeStorage); `key-file`, a plain file readable only by
 * this user (mode 0600) beside the secrets.
 */
export type SecretKeyProtection = 'os-sealed' | 'key-file';

/** `GET /api/status` (public). */
export interface StatusData {
  name: 'Relaydesk';
  /** The name the console shows (setting `site_name`). */
  site_name: string;
  version: string;
  /** True once the root account exists. */
  setup: boolean;
  /** Where channel keys and other secrets are kept. */
  secret_backend: SecretBackendName;
  /** With the encrypted-file backend, how its key is kept; null with the others. */
  secret_key_protection: SecretKeyProtection | null;
  /** True when bound beyond loopback (LAN exposure). */
  lan: boolean;
  /** When setup is pending and the request is not from this machine, setup needs the code printed at start. */
  setup_code_required: boolean;
  features: {
    registration: boolean;
    registration_policy: 'closed' | 'open' | 'invite';
    /** Registration needs an email address proven by a mailed code. */
    email_verification: boolean;
    /** Passwords can be reset by a mailed code (SMTP is set up). */
    password_reset: boolean;
    /** Some OAuth sign-in provider is set up. */
    oauth: boolean;
    /** The sign-in buttons: each set-up provider (start at GET /api/oauth/<id>) and its label. */
    oauth_providers: Array<{ id: string; label: string }>;
    two_factor: boolean;
    top_up: boolean;
  };
}

/** `GET /api/setup`. */
export interface SetupStatusData {
  status: boolean;
  root_init: boolean;
  setup_code_required: boolean;
}

/** `POST /api/setup`. `setup_code` is needed only from another machine before setup. */
export interface SetupRequest {
  username: string;
  password: string;
  setup_code?: string;
  /** Start the console's first-run wizard (resumed at every sign-in until finished or skipped). */
  wizard?: boolean;
}

/** `POST /api/user/login`. */
export interface LoginRequest {
  username: string;
  password: string;
}

export const Role = { common: 1, admin: 10, root: 100 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

export const UserStatus = { enabled: 1, disabled: 2 } as const;

/** A user as the API shows it: never a password hash or a token. */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  role: RoleValue;
  status: number;
  email: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  has_access_token: boolean;
  created_at: number;
  last_login_at: number;
  /** A CONSOLE_LANGUAGES entry, or '' when the user has not chosen (the console follows the browser). */
  language: string;
}

/** The languages the console speaks; the first is the default. */
export const CONSOLE_LANGUAGES = ['en', 'zh-CN'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
