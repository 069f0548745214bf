import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateKeyDialog, EditKeyDialog, NewKeyDialog } from '../../renderer/components/KeyDialogs.js';
import type { TokenView } from '../../renderer/api/tokens.js';
import { Failure, stubApi } from './helpers/fake-api.js';
import { ROLE, userOf } from './helpers/page-props.js';

const KEY = 'sk-relaydesk-0123456789abcdef';
const ORIGIN = window.location.origin;
const created = { id: 7, name: 'laptop', key: KEY };
const OWNER = userOf(ROLE.root);
const ALICE = userOf(ROLE.user);

/** The code shown for one client tab, all its blocks. */
async function snippetFor(label: string): Promise<string> {
  await userEvent.click(screen.getByRole('tab', { name: label }));
  return [...screen.getByRole('tabpanel').querySelectorAll('pre')].map((pre) => pre.textContent).join('\n---\n');
}

describe('NewKeyDialog (shown once)', () => {
  it('shows the full key once, read-only, with a warning that it will not be shown again', () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Your new key' });
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'API key' });
    expect(field.value).toBe(KEY);
    expect(field.readOnly).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toContain("won't be shown again");
  });

  it('is titled for a regenerated key', () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced user={ALICE} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Your regenerated key' })).toBeTruthy();
  });

  it('copies the key to the clipboard and says so', async () => {
    stubApi();
    const user = userEvent.setup();
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText('Copied to the clipboard.')).toBeTruthy();
  });

  it('sets up Claude Code with ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Claude Code' }).getAttribute('aria-selected')).toBe('true');
    const code = await snippetFor('Claude Code');
    expect(code).toContain(`export ANTHROPIC_BASE_URL=${ORIGIN}\n`);
    expect(code).toContain(`export ANTHROPIC_AUTH_TOKEN=${KEY}\n`);
  });

  it('sets up Codex CLI with a config.toml provider speaking the responses API', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    const code = await snippetFor('Codex CLI');
    expect(screen.getByRole('tabpanel').textContent).toContain('~/.codex/config.toml');
    expect(code).toContain('wire_api = "responses"');
    expect(code).toContain(`base_url = "${ORIGIN}/v1"`);
    expect(code).toContain('model_provider = "relaydesk"');
    expect(code).toContain(`export RELAYDESK_API_KEY=${KEY}`);
  });

  it('sets up Gemini CLI with GOOGLE_GEMINI_BASE_URL, GEMINI_API_KEY and API-key sign-in in settings.json', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    const code = await snippetFor('Gemini CLI');
    expect(code).toContain(`export GOOGLE_GEMINI_BASE_URL=${ORIGIN}\n`);
    expect(code).toContain(`export GEMINI_API_KEY=${KEY}\n`);
    expect(screen.getByRole('tabpanel').textContent).toContain('~/.gemini/settings.json');
    expect(JSON.parse(screen.getByTestId('snippet-gemini-settings').textContent ?? '')).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
  });

  it('gives SDK examples for Python and JavaScript, each with its own copy button', async () => {
    stubApi();
    const user = userEvent.setup();
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    render(<NewKeyDialog created={created} model="claude-sonnet-4" replaced={false} user={ALICE} onClose={() => {}} />);
    const python = await snippetFor('Python');
    expect(python).toContain(`OpenAI(\n    base_url="${ORIGIN}/v1",\n    api_key="${KEY}",\n)`);
    expect(python).toContain(`Anthropic(\n    base_url="${ORIGIN}",\n    api_key="${KEY}",\n)`);
    expect(python).toContain(`genai.Client(\n    api_key="${KEY}",\n    http_options={"base_url": "${ORIGIN}"},\n)`);
    const javascript = await snippetFor('JavaScript');
    expect(javascript).toContain(`new OpenAI({\n  baseURL: "${ORIGIN}/v1",\n  apiKey: "${KEY}",\n})`);
    expect(javascript).toContain(`new Anthropic({\n  baseURL: "${ORIGIN}",\n  apiKey: "${KEY}",\n})`);
    expect(javascript).toContain(`new GoogleGenAI({\n  apiKey: "${KEY}",\n  httpOptions: { baseUrl: "${ORIGIN}" },\n})`);
    expect(javascript).toContain('model: "claude-sonnet-4"');
    await user.click(screen.getByRole('button', { name: 'Copy Anthropic JavaScript example' }));
    expect(await navigator.clipboard.readText()).toBe(screen.getByTestId('snippet-js-anthropic').textContent);
  });

  it('fills curl with the key and the first allowed model', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="claude-sonnet-4" replaced={false} user={ALICE} onClose={() => {}} />);
    const code = await snippetFor('curl');
    expect(code).toContain(`curl ${ORIGIN}/v1/chat/completions`);
    expect(code).toContain(`Authorization: Bearer ${KEY}`);
    expect(code).toContain('"model": "claude-sonnet-4"');
  });

  it('moves between client tabs with the arrow keys', async () => {
    stubApi();
    const user = userEvent.setup();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    screen.getByRole('tab', { name: 'Claude Code' }).focus();
    await user.keyboard('{ArrowRight}');
    const codex = screen.getByRole('tab', { name: 'Codex CLI' });
    expect(codex.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(codex);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).toBe('true');
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('offers the owner, on this computer, to write the client files, and says where it wrote', async () => {
    const api = stubApi()
      .on('GET /api/client-setup', [
        { client: 'claude-code', label: 'Claude Code', files: [{ path: '/home/me/.claude/settings.json', exists: true }], can_undo: false },
        {
          client: 'gemini-cli',
          label: 'Gemini CLI',
          files: [
            { path: '/home/me/.gemini/.env', exists: false },
            { path: '/home/me/.gemini/settings.json', exists: true },
          ],
          can_undo: false,
        },
      ])
      .on('POST /api/client-setup/write', {
        client: 'gemini-cli',
        files: [
          { path: '/home/me/.gemini/.env', backup: null },
          { path: '/home/me/.gemini/settings.json', backup: '/home/me/.gemini/settings.json.bak' },
        ],
        note: 'Gemini CLI reads them next time.',
      });
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={OWNER} onClose={() => {}} />);
    // Each CLI tab offers its own files: Claude Code first, Gemini CLI on its tab.
    expect((await screen.findByTestId('client-writer-claude-code')).textContent).toContain('/home/me/.claude/settings.json');
    expect(screen.queryByTestId('client-writer-gemini-cli')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Gemini CLI' }));
    const item = screen.getByTestId('client-writer-gemini-cli');
    expect(item.textContent).toContain('/home/me/.gemini/.env (not there yet)');
    expect(item.textContent).toContain('/home/me/.gemini/settings.json');
    await userEvent.click(within(item).getByRole('button', { name: 'Write to this computer (Gemini CLI)' }));
    const outcome = await within(item).findByRole('status');
    expect(outcome.textContent).toContain('Written to /home/me/.gemini/.env and /home/me/.gemini/settings.json. The previous version is saved as /home/me/.gemini/settings.json.bak.');
    expect(outcome.textContent).toContain('Gemini CLI reads them next time.');
    // The outcome stays while the user looks at other tabs.
    await userEvent.click(screen.getByRole('tab', { name: 'curl' }));
    expect(screen.queryByTestId('client-writer-gemini-cli')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Gemini CLI' }));
    expect(screen.getByTestId('client-writer-gemini-cli').textContent).toContain('Written to /home/me/.gemini/.env');
    expect(api.calls.find((call) => call.path === '/api/client-setup/write')?.body).toEqual({ client: 'gemini-cli', key: KEY });
  });

  it('undoes a write, saying which files came back', async () => {
    stubApi()
      .on('GET /api/client-setup', [{ client: 'codex', label: 'Codex CLI', files: [{ path: '/home/me/.codex/config.toml', exists: true }], can_undo: true }])
      .on('POST /api/client-setup/undo', { client: 'codex', files: [{ path: '/home/me/.codex/config.toml', action: 'restored', backup: '/home/me/.codex/config.toml.bak' }] });
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={OWNER} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Codex CLI' }));
    const item = await screen.findByTestId('client-writer-codex');
    await userEvent.click(within(item).getByRole('button', { name: 'Undo (Codex CLI)' }));
    expect((await within(item).findByRole('status')).textContent).toBe('Restored the previous /home/me/.codex/config.toml.');
  });

  it('does not offer to write files for a user who is not the owner, nor ask the relay about them', async () => {
    const api = stubApi().on('GET /api/client-setup', []);
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={ALICE} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Codex CLI' }));
    expect(screen.queryByTestId('client-config-writer')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('knows the owner from who is signed in, without asking the relay again', async () => {
    const api = stubApi().on('GET /api/client-setup', [{ client: 'claude-code', label: 'Claude Code', files: [{ path: '/home/me/.claude/settings.json', exists: true }], can_undo: false }]);
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} user={OWNER} onClose={() => {}} />);
    expect(await screen.findByTestId('client-writer-claude-code')).toBeTruthy();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/client-setup']);
  });
});


const model = (name: string, groups = ['default']) => ({ name, groups, description: '', supplier: '', tags: [], endpoints: [], context_length: 0, max_output_tokens: 0 });
const MODELS = [model('claude-sonnet-4'), model('gpt-4o'), model('gpt-4o-mini'), model('o3', ['vip'])];

function keyFormApi() {
  return stubApi()
    .on('GET /api/user/self/groups', [
      { name: 'default', ratio: 1, description: '' },
      { name: 'vip', ratio: 0.5, description: 'Half price' },
    ])
    .on('GET /api/models', MODELS);
}

describe('CreateKeyDialog', () => {
  it('asks for a name, a dollar amount once Unlimited is unticked, and valid IP entries', async () => {
    const api = keyFormApi();
    render(<CreateKeyDialog onClose={() => {}} onCreated={() => {}} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unlimited quota' }));
    const quota = screen.getByRole('textbox', { name: 'Quota (USD)' });
    expect((quota as HTMLInputElement).value).toBe('1');
    await userEvent.clear(quota);
    await userEvent.type(quota, '$5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Allowed IP addresses' }), '10.0.0.0/8{Enter}10.0.0.300');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Give the key a name.')).toBeTruthy();
    expect(screen.getByText('Enter an amount in dollars, e.g. 5 or 2.50, or tick Unlimited.')).toBeTruthy();
    expect(screen.getByText(/“10\.0\.0\.300” is not an IP address or CIDR range/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Allowed IP addresses' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates the key with a dollar quota, picked and typed models, and passes on the first allowed model', async () => {
    const api = keyFormApi().on('POST /api/token', created);
    const onCreated = vi.fn();
    render(<CreateKeyDialog onClose={() => {}} onCreated={onCreated} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' laptop ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unlimited quota' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Quota (USD)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Quota (USD)' }), '2.50');
    // Picked from the list (filtered), then typed: a name the list does not have, and a repeat.
    const find = screen.getByRole('textbox', { name: 'Find or add a model' });
    await userEvent.type(find, 'sonnet');
    const offered = await screen.findByRole('group', { name: 'Models you may use' });
    expect(within(offered).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['claude-sonnet-4']);
    await userEvent.click(within(offered).getByRole('checkbox', { name: 'claude-sonnet-4' }));
    await userEvent.clear(find);
    await userEvent.type(find, 'my-finetune, claude-sonnet-4{Enter}');
    expect(within(screen.getByRole('list', { name: 'Picked models' })).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['claude-sonnet-4×', 'my-finetune×']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Allowed IP addresses' }), '10.0.0.0/8{Enter}2001:db8::/32{Enter}::ffff:127.0.0.1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'vip');
    await userEvent.type(screen.getByRole('textbox', { name: 'Requests per minute' }), '60');
    await userEvent.type(screen.getByRole('textbox', { name: 'Per day (USD)' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created, 'claude-sonnet-4'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'laptop',
      remain_quota: 1_250_000,
      unlimited_quota: false,
      expired_time: -1,
      model_limits: ['claude-sonnet-4', 'my-finetune'],
      allow_ips: ['10.0.0.0/8', '2001:db8::/32', '::ffff:127.0.0.1'],
      group: 'vip',
      allow_balance: false,
      log_bodies: false,
      limits: { rpm: 60, day: 500_000 },
    });
  });

  it('offers only the models served to the picked group, and removes a picked model', async () => {
    keyFormApi();
    render(<CreateKeyDialog onClose={() => {}} onCreated={() => {}} />);
    const offered = await screen.findByRole('group', { name: 'Models you may use' });
    expect(within(offered).getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'vip');
    expect(within(screen.getByRole('group', { name: 'Models you may use' })).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['o3']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'o3' }));
    expect(screen.getByText('Only this model:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove o3' }));
    expect(screen.queryByRole('list', { name: 'Picked models' })).toBeNull();
    expect(screen.getByText('None picked: the key may call every model.')).toBeTruthy();
  });

  it('still takes typed model names when the model list cannot be loaded', async () => {
    stubApi().on('GET /api/user/self/groups', []).on('GET /api/models', new Failure(500, 'The relay ran into a problem.'));
    render(<CreateKeyDialog onClose={() => {}} onCreated={() => {}} />);
    expect((await screen.findByText(/Could not list your models/)).textContent).toBe('Could not list your models (The relay ran into a problem.). Type model names instead.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Find or add a model' }), 'o3');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('list', { name: 'Picked models' }).textContent).toContain('o3');
  });

  it("shows the relay's refusal and lets the user try again", async () => {
    keyFormApi().on('POST /api/token', new Failure(400, 'A key with this name exists.'));
    render(<CreateKeyDialog onClose={() => {}} onCreated={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A key with this name exists.');
    expect(screen.getByRole('button', { name: 'Create key' }).hasAttribute('disabled')).toBe(false);
  });
});

const PAST = Math.floor(Date.UTC(2024, 0, 31, 12) / 1000);
const token: TokenView = {
  id: 9,
  user_id: 1,
  username: 'owner',
  name: 'ci',
  key_hint: 'sk-abcd…wxyz',
  status: 3,
  created_at: 0,
  accessed_at: 0,
  expired_time: PAST,
  remain_quota: 1_234_567,
  unlimited_quota: false,
  used_quota: 250_000,
  request_count: 3,
  model_limits: ['gpt-4o', 'retired-model'],
  allow_ips: ['10.0.0.0/8'],
  group: 'legacy',
  allow_balance: true,
  log_bodies: true,
  limits: { tpm: 10_000, month: 2_500_000 },
  budgets_left: [{ period: 'month', limit: 2_500_000, spent: 500_000, left: 2_000_000, resets_at: Date.UTC(2026, 11, 1) }],
};

describe('EditKeyDialog', () => {
  it('comes filled in with the key, and saves without sending back the quota left or the expiry it did not touch', async () => {
    const api = keyFormApi().on('PUT /api/token', (call: { body: unknown }) => ({ ...token, ...(call.body as object) }));
    const onSaved = vi.fn();
    render(<EditKeyDialog token={token} onClose={() => {}} onSaved={onSaved} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit ci' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('ci');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Quota left (USD)' }).value).toBe('2.469134');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Unlimited quota' }).checked).toBe(false);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Balance queries' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Keep request and response bodies' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Allowed IP addresses' }).value).toBe('10.0.0.0/8');
    // The key's group stays selectable though it is not one of the user's.
    await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Group' }).value).toBe('legacy'));
    expect(within(screen.getByRole('list', { name: 'Picked models' })).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['gpt-4o×', 'retired-model×']);
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Tokens per minute' }).value).toBe('10000');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Per month (USD)' }).value).toBe('5');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Per day (USD)' }).value).toBe('');
    expect(within(dialog).getByTestId('budgets-left').textContent).toContain('This month $4.00 of $5.00 left');

    // The key expired long ago: saving without touching the date is allowed and keeps it.
    // The quota left is not sent back: calls made since the list loaded would be refunded.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.calls.find((call) => call.method === 'PUT')?.body;
    expect(body).not.toHaveProperty('remain_quota');
    expect(body).not.toHaveProperty('expired_time');
    expect(body).toEqual({
      id: 9,
      name: 'ci',
      unlimited_quota: false,
      model_limits: ['gpt-4o', 'retired-model'],
      allow_ips: ['10.0.0.0/8'],
      group: 'legacy',
      allow_balance: true,
      log_bodies: true,
      limits: { tpm: 10_000, month: 2_500_000 },
    });
  });

  it('refuses a limit that is not a whole number, and clears a cap emptied', async () => {
    const api = keyFormApi().on('PUT /api/token', token);
    render(<EditKeyDialog token={token} onClose={() => {}} onSaved={() => {}} />);
    const tpm = screen.getByRole('textbox', { name: 'Tokens per minute' });
    await userEvent.clear(tpm);
    await userEvent.type(tpm, '1.5k');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A whole number, or empty for no limit.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.clear(tpm);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Per month (USD)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ limits: {} });
  });

  it('does not count a quota retyped the same way (7.50 for 7.5) as a change', async () => {
    const api = keyFormApi().on('PUT /api/token', token);
    render(<EditKeyDialog token={{ ...token, remain_quota: 3_750_000, expired_time: -1 }} onClose={() => {}} onSaved={() => {}} />);
    const quota = screen.getByRole('textbox', { name: 'Quota left (USD)' });
    await userEvent.clear(quota);
    await userEvent.type(quota, '7.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('remain_quota');
  });

  it('sends the edited fields: a new dollar amount, no expiry, one model fewer', async () => {
    const api = keyFormApi().on('PUT /api/token', token);
    render(<EditKeyDialog token={token} onClose={() => {}} onSaved={() => {}} />);
    const quota = screen.getByRole('textbox', { name: 'Quota left (USD)' });
    await userEvent.clear(quota);
    await userEvent.type(quota, '10');
    await userEvent.clear(screen.getByLabelText('Expires on'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove retired-model' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Balance queries' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep request and response bodies' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      id: 9,
      remain_quota: 5_000_000,
      expired_time: -1,
      model_limits: ['gpt-4o'],
      allow_balance: false,
      log_bodies: false,
    });
  });

  it('refuses a new expiry date in the past', async () => {
    const api = keyFormApi();
    render(<EditKeyDialog token={{ ...token, expired_time: -1 }} onClose={() => {}} onSaved={() => {}} />);
    const expiry = screen.getByLabelText('Expires on');
    await userEvent.type(expiry, '2020-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Pick a date in the future, or leave it empty for never.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
