import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateKeyDialog, NewKeyDialog } from '../../renderer/components/KeyDialogs.js';
import { Failure, stubApi } from './helpers/fake-api.js';

const KEY = 'sk-relaydesk-0123456789abcdef';
const ORIGIN = window.location.origin;
const created = { id: 7, name: 'laptop', key: KEY };

/** The snippet shown for one client tab. */
async function snippetFor(label: string): Promise<string> {
  await userEvent.click(screen.getByRole('tab', { name: label }));
  return screen.getByRole('tabpanel').querySelector('pre')?.textContent ?? '';
}

describe('NewKeyDialog (shown once)', () => {
  it('shows the full key once, read-only, with a warning that it will not be shown again', () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Your new key' });
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'API key' });
    expect(field.value).toBe(KEY);
    expect(field.readOnly).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toContain("won't be shown again");
  });

  it('is titled for a regenerated key', () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Your regenerated key' })).toBeTruthy();
  });

  it('copies the key to the clipboard and says so', async () => {
    stubApi();
    const user = userEvent.setup();
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText('Copied to the clipboard.')).toBeTruthy();
  });

  it('sets up Claude Code with ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Claude Code' }).getAttribute('aria-selected')).toBe('true');
    const code = await snippetFor('Claude Code');
    expect(code).toContain(`export ANTHROPIC_BASE_URL=${ORIGIN}\n`);
    expect(code).toContain(`export ANTHROPIC_AUTH_TOKEN=${KEY}\n`);
  });

  it('sets up Codex CLI with a config.toml provider speaking the responses API', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    const code = await snippetFor('Codex CLI');
    expect(screen.getByRole('tabpanel').textContent).toContain('~/.codex/config.toml');
    expect(code).toContain('wire_api = "responses"');
    expect(code).toContain(`base_url = "${ORIGIN}/v1"`);
    expect(code).toContain('model_provider = "relaydesk"');
    expect(code).toContain(`export RELAYDESK_API_KEY=${KEY}`);
  });

  it('sets up Gemini CLI with GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    const code = await snippetFor('Gemini CLI');
    expect(code).toContain(`export GOOGLE_GEMINI_BASE_URL=${ORIGIN}\n`);
    expect(code).toContain(`export GEMINI_API_KEY=${KEY}\n`);
  });

  it('fills curl with the key and the first allowed model', async () => {
    stubApi();
    render(<NewKeyDialog created={created} model="claude-sonnet-4" replaced={false} onClose={() => {}} />);
    const code = await snippetFor('curl');
    expect(code).toContain(`curl ${ORIGIN}/v1/chat/completions`);
    expect(code).toContain(`Authorization: Bearer ${KEY}`);
    expect(code).toContain('"model": "claude-sonnet-4"');
  });

  it('moves between client tabs with the arrow keys', async () => {
    stubApi();
    const user = userEvent.setup();
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    screen.getByRole('tab', { name: 'Claude Code' }).focus();
    await user.keyboard('{ArrowRight}');
    const codex = screen.getByRole('tab', { name: 'Codex CLI' });
    expect(codex.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(codex);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'SDKs' }).getAttribute('aria-selected')).toBe('true');
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('offers the owner, on this computer, to write the client files, and says where it wrote', async () => {
    const api = stubApi()
      .on('GET /api/user/self', { id: 1, username: 'owner', role: 100 })
      .on('GET /api/client-setup', [
        { client: 'claude-code', label: 'Claude Code', path: '~/.claude/settings.json', exists: true, can_undo: false },
        { client: 'codex', label: 'Codex CLI', path: '~/.codex/config.toml', exists: false, can_undo: false },
      ])
      .on('POST /api/client-setup/write', { client: 'claude-code', path: '/home/me/.claude/settings.json', backup: '/home/me/.claude/settings.json.bak', note: '' });
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    const item = await screen.findByTestId('client-writer-claude-code');
    await userEvent.click(within(item).getByRole('button', { name: 'Write to this computer' }));
    await within(item).findByText(/Written to \/home\/me\/\.claude\/settings\.json\./);
    expect(within(item).getByRole('status').textContent).toContain('saved as /home/me/.claude/settings.json.bak');
    expect(api.calls.find((call) => call.path === '/api/client-setup/write')?.body).toEqual({ client: 'claude-code', key: KEY });
  });

  it('does not offer to write files for a user who is not the owner', async () => {
    const api = stubApi().on('GET /api/user/self', { id: 2, username: 'alice', role: 1 });
    render(<NewKeyDialog created={created} model="gpt-4o-mini" replaced={false} onClose={() => {}} />);
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/api/user/self'));
    expect(screen.queryByTestId('client-config-writer')).toBeNull();
    expect(api.calls.map((call) => call.path)).not.toContain('/api/client-setup');
  });
});

describe('CreateKeyDialog', () => {
  it('asks for a name, and for a whole-number quota once Unlimited is unticked', async () => {
    const api = stubApi().on('GET /api/user/self/groups', []);
    render(<CreateKeyDialog onClose={() => {}} onCreated={() => {}} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unlimited quota' }));
    const quota = screen.getByRole('textbox', { name: 'Quota' });
    await userEvent.clear(quota);
    await userEvent.type(quota, '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Give the key a name.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number, or tick Unlimited.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates the key with the lists split and passes it on with the first allowed model', async () => {
    const api = stubApi()
      .on('GET /api/user/self/groups', [{ name: 'vip', ratio: 0.5, description: 'Half price' }])
      .on('POST /api/token', created);
    const onCreated = vi.fn();
    render(<CreateKeyDialog onClose={() => {}} onCreated={onCreated} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' laptop ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Allowed models' }), 'o3, gpt-4o-mini, o3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Allowed IP addresses' }), '10.0.0.0/8{Enter}127.0.0.1');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Group' }), 'vip');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created, 'o3'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'laptop',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
      model_limits: ['o3', 'gpt-4o-mini'],
      allow_ips: ['10.0.0.0/8', '127.0.0.1'],
      group: 'vip',
      allow_balance: false,
    });
  });

  it("shows the relay's refusal and lets the user try again", async () => {
    stubApi()
      .on('GET /api/user/self/groups', [])
      .on('POST /api/token', new Failure(400, 'A key with this name exists.'));
    render(<CreateKeyDialog onClose={() => {}} onCreated={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A key with this name exists.');
    expect(screen.getByRole('button', { name: 'Create key' }).hasAttribute('disabled')).toBe(false);
  });
});
