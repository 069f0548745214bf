import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TokenView } from '../../renderer/api/tokens.js';
import KeysPage from '../../renderer/pages/KeysPage.js';
import { stubApi, type Call } from './helpers/fake-api.js';
import { pageProps, ROLE } from './helpers/page-props.js';

function key(id: number, name: string, fields: Partial<TokenView> = {}): TokenView {
  return {
    id,
    user_id: 1,
    username: 'owner',
    name,
    key_hint: `sk-ab${id}…wxyz`,
    status: 1,
    created_at: 0,
    accessed_at: 0,
    expired_time: -1,
    remain_quota: 0,
    unlimited_quota: true,
    used_quota: 0,
    request_count: 0,
    model_limits: [],
    allow_ips: [],
    group: '',
    allow_balance: false,
    log_bodies: false,
    limits: {},
    budgets_left: [],
    ...fields,
  };
}

const LAPTOP = key(2, 'laptop', { used_quota: 1_250_000, remain_quota: 3_750_000, unlimited_quota: false });
const CI = key(1, 'ci', { used_quota: 150 });
const page = (items: TokenView[]) => ({ items, total: items.length, page: 1, page_size: 20 });

function keysApi() {
  return stubApi()
    .on('GET /api/token', page([LAPTOP, CI]))
    .on('GET /api/user/self/groups', [])
    .on('GET /api/models', []);
}

describe('API keys page', () => {
  it('shows what each key used and has left in US dollars', async () => {
    keysApi();
    render(<KeysPage {...pageProps(ROLE.user)} />);
    const laptop = await screen.findByRole('row', { name: /laptop/ });
    expect(within(laptop).getByTestId('key-quota').textContent).toBe('$2.50 / $7.50');
    const ci = screen.getByRole('row', { name: /ci/ });
    expect(within(ci).getByTestId('key-quota').textContent).toBe('$0.0003 / Unlimited');
    expect(screen.getByRole('columnheader', { name: 'Used / left' })).toBeTruthy();
  });

  it("shows what is left of a key's spending caps under its quota", async () => {
    const capped = key(3, 'capped', { limits: { day: 500_000 }, budgets_left: [{ period: 'day', limit: 500_000, spent: 125_000, left: 375_000, resets_at: Date.UTC(2026, 10, 25) }] });
    stubApi().on('GET /api/token', page([capped])).on('GET /api/user/self/groups', []).on('GET /api/models', []);
    render(<KeysPage {...pageProps(ROLE.user)} />);
    const row = await screen.findByRole('row', { name: /capped/ });
    expect(within(row).getByTestId('budgets-left').textContent).toContain('Today $0.75 of $1.00 left');
  });

  it('edits a key: the dialog comes filled in and Save sends the change, not the quota left', async () => {
    const api = keysApi().on('PUT /api/token', (call: Call) => ({ ...LAPTOP, ...(call.body as object) }));
    render(<KeysPage {...pageProps(ROLE.user)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit key laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit laptop' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Quota left (USD)' }).value).toBe('7.5');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'work laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved the key “work laptop”.');
    expect(screen.queryByRole('dialog', { name: 'Edit laptop' })).toBeNull();
    // Only a rename: the quota left and the expiry are not sent back (calls since would be refunded).
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      id: 2,
      name: 'work laptop',
      unlimited_quota: false,
      model_limits: [],
      allow_ips: [],
      group: '',
      allow_balance: false,
      log_bodies: false,
      limits: {},
    });
    expect(screen.getByRole('row', { name: /work laptop/ })).toBeTruthy();
  });

  it('searches by name, says when nothing matches, and shows all keys again', async () => {
    const api = keysApi().on('GET /api/token/search', (call: Call) => page(call.query.get('keyword') === 'lap' ? [LAPTOP] : []));
    render(<KeysPage {...pageProps(ROLE.user)} />);
    await screen.findByRole('row', { name: /ci/ });
    const search = screen.getByRole('searchbox', { name: 'Search keys' });
    await userEvent.type(search, ' lap {Enter}');
    await waitFor(() => expect(screen.queryByRole('row', { name: /ci/ })).toBeNull());
    expect(screen.getByRole('row', { name: /laptop/ })).toBeTruthy();
    const byName = api.calls.filter((call) => call.path === '/api/token/search').at(-1)!;
    expect(Object.fromEntries(byName.query)).toEqual({ p: '1', page_size: '20', keyword: 'lap' });

    await userEvent.clear(search);
    await userEvent.type(search, 'lapx{Enter}');
    await screen.findByText('No key matches “lapx”.');

    await userEvent.click(screen.getByRole('button', { name: 'Show all keys' }));
    await screen.findByRole('row', { name: /ci/ });
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('searches by a whole key without ever showing it back: the field is cleared and the empty state does not echo it', async () => {
    const secret = 'sk-relaydesk-0123456789abcdef0123456789';
    const api = keysApi().on('GET /api/token/search', page([]));
    render(<KeysPage {...pageProps(ROLE.user)} />);
    await screen.findByRole('row', { name: /ci/ });
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search keys' });
    await userEvent.type(search, `${secret}{Enter}`);
    await screen.findByText('No key matches that key.');
    expect(Object.fromEntries(api.calls.filter((call) => call.path === '/api/token/search').at(-1)!.query)).toEqual({ p: '1', page_size: '20', token: secret });
    expect(search.value).toBe('');
    expect(document.body.innerHTML).not.toContain(secret);
    expect(document.body.innerHTML).not.toContain('0123456789abcdef');
  });

  it('regenerates a key after a confirm and shows the new key once', async () => {
    keysApi().on('POST /api/token/2/regenerate', { id: 2, name: 'laptop', key: 'sk-new-key-0123456789' });
    render(<KeysPage {...pageProps(ROLE.user)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate key laptop' }));
    const confirm = screen.getByRole('dialog', { name: 'Regenerate this key?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    const shown = await screen.findByRole('dialog', { name: 'Your regenerated key' });
    expect(within(shown).getByRole<HTMLInputElement>('textbox', { name: 'API key' }).value).toBe('sk-new-key-0123456789');
  });
});
