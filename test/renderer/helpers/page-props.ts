// What the shell hands every page: the signed-in user and the relay's status.
import type { StatusData, UserView } from '../../../relay/management/contract.js';
import type { PageProps } from '../../../renderer/pages/registry.js';

export const ROLE = { user: 1, admin: 10, root: 100 } as const;

export function userOf(role: number, overrides: Partial<UserView> = {}): UserView {
  return {
    id: role,
    username: role >= ROLE.admin ? 'owner' : 'alice',
    display_name: '',
    role,
    status: 1,
    email: '',
    group: 'default',
    quota: 100_000_000,
    used_quota: 0,
    request_count: 0,
    has_access_token: false,
    created_at: 0,
    last_login_at: 0,
    ...overrides,
  } as UserView;
}

export const STATUS = {
  name: 'Relaydesk',
  site_name: 'Relaydesk',
  version: '0.0.0-test',
  setup: true,
  secret_backend: 'encrypted-file',
  secret_key_protection: 'key-file',
  lan: false,
  setup_code_required: false,
  features: {},
} as unknown as StatusData;

export function pageProps(role: number): PageProps {
  return { user: userOf(role), status: STATUS };
}
