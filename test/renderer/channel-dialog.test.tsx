import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelView } from '../../renderer/api/channels.js';
import { ChannelDialog } from '../../renderer/components/ChannelDialog.js';
import { Failure, stubApi } from './helpers/fake-api.js';

const field = (name: string) => screen.getByRole<HTMLInputElement | HTMLTextAreaElement>('textbox', { name });
/** Types text that contains braces, which user-event would read as key names. */
async function typeText(name: string, text: string) {
  const input = field(name);
  await userEvent.clear(input);
  input.focus();
  await userEvent.paste(text);
}

function openNew(onSaved = vi.fn()) {
  render(<ChannelDialog channel={null} onClose={() => {}} onSaved={onSaved} />);
  return onSaved;
}

describe('ChannelDialog: base URL per type', () => {
  it('starts as OpenAI with its address, and follows the type while the address is untouched', async () => {
    openNew();
    expect(screen.getByRole('dialog', { name: 'Add a channel' })).toBeTruthy();
    expect(field('Base URL').value).toBe('https://api.openai.com');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Anthropic');
    expect(field('Base URL').value).toBe('https://api.anthropic.com');
    expect(screen.getByText('Default for Anthropic: https://api.anthropic.com')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Ollama');
    expect(field('Base URL').value).toBe('http://127.0.0.1:11434');
    // Azure has no common address: the field empties and asks for one.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Azure OpenAI');
    expect(field('Base URL').value).toBe('');
  });

  it('keeps an address typed by hand when the type changes', async () => {
    openNew();
    await typeText('Base URL', 'https://llm.internal.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'DeepSeek');
    expect(field('Base URL').value).toBe('https://llm.internal.example');
  });
});

describe('ChannelDialog: validation', () => {
  it('says what is missing when saving an empty form, and sends nothing', async () => {
    const api = stubApi();
    openNew();
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(screen.getByText('Give the channel a name.')).toBeTruthy();
    expect(screen.getByText('Enter at least one API key.')).toBeTruthy();
    expect(screen.getByText('Give at least one model (Fetch models lists them).')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('flags bad JSON in the model mapping as it is typed', async () => {
    openNew();
    await typeText('Model mapping', '{"gpt-4o": ');
    expect(field('Model mapping').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Not valid JSON:/)).toBeTruthy();
    await typeText('Model mapping', '["gpt-4o"]');
    expect(screen.getByText('Write a JSON object, e.g. {"a": "b"}.')).toBeTruthy();
    await typeText('Model mapping', '{"gpt-4o": "gpt-4o-2024-08-06"}');
    expect(field('Model mapping').hasAttribute('aria-invalid')).toBe(false);
  });

  it('requires string values in the header override', async () => {
    openNew();
    await typeText('Header override', '{"X-Retries": 3}');
    expect(screen.getByText('Every value must be a string.')).toBeTruthy();
    // The error is tied to the field for screen readers.
    const describedBy = field('Header override').getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Every value must be a string.');
  });

  it('accepts only http, https or socks5 proxies', async () => {
    const api = stubApi();
    openNew();
    await typeText('Name', 'Work');
    await typeText('API keys', 'sk-1');
    await typeText('Models', 'gpt-4o');
    await typeText('Proxy', 'ftp://proxy.example:21');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(screen.getByText('An http://, https:// or socks5:// URL.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('ChannelDialog: fetch models and save', () => {
  it('asks for a key before fetching models', async () => {
    const api = stubApi();
    openNew();
    await userEvent.click(screen.getByRole('button', { name: 'Fetch models' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the API key first: the upstream lists models only for a key.');
    expect(api.calls).toHaveLength(0);
  });

  it('lists the upstream models and lets the user pick', async () => {
    const api = stubApi().on('POST /api/channel/fetch_models', ['gpt-4o', 'gpt-4o-mini', 'o3']);
    openNew();
    await typeText('API keys', 'sk-test');
    await userEvent.click(screen.getByRole('button', { name: 'Fetch models' }));
    const picker = await screen.findByRole('group', { name: /The upstream serves 3 models/ });
    expect(api.calls[0]?.body).toMatchObject({ type: 1, base_url: 'https://api.openai.com', key: 'sk-test' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'o3' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'gpt-4o' }));
    expect(field('Models').value).toBe('o3, gpt-4o');
    await userEvent.click(within(picker).getByRole('button', { name: 'Select all' }));
    expect(field('Models').value).toBe('o3, gpt-4o, gpt-4o-mini');
  });

  it("shows the upstream's error when fetching models fails", async () => {
    stubApi().on('POST /api/channel/fetch_models', new Failure(502, 'The upstream answered 401: invalid key.'));
    openNew();
    await typeText('API keys', 'sk-wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Fetch models' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The upstream answered 401: invalid key.');
  });

  it('adds the channel with what was entered', async () => {
    const api = stubApi().on('POST /api/channel', { id: 5 });
    const onSaved = openNew();
    const u = userEvent.setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Anthropic');
    await typeText('Name', ' Claude ');
    await typeText('API keys', 'sk-ant-1\nsk-ant-2');
    await typeText('Models', 'claude-sonnet-4, claude-haiku-4\nclaude-sonnet-4');
    await typeText('Priority', '2');
    await typeText('Model mapping', '{"sonnet": "claude-sonnet-4"}');
    await u.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Added the channel “Claude”.'));
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/channel' });
    expect(api.calls[0]?.body).toEqual({
      type: 14,
      name: 'Claude',
      base_url: 'https://api.anthropic.com',
      models: 'claude-sonnet-4,claude-haiku-4',
      group: 'default',
      priority: 2,
      weight: 0,
      model_mapping: '{"sonnet": "claude-sonnet-4"}',
      header_override: '',
      proxy: '',
      test_model: '',
      auto_ban: true,
      tag: '',
      remark: '',
      families: [],
      key: 'sk-ant-1\nsk-ant-2',
      key_mode: 'random',
    });
    // Anthropic has neither an API version nor a choice of upstream API.
    expect(api.calls[0]?.body).not.toHaveProperty('api_version');
    expect(api.calls[0]?.body).not.toHaveProperty('upstream_protocol');
  });

  it('edits a channel without asking for its keys again', async () => {
    const api = stubApi().on('PUT /api/channel', { id: 9 });
    const onSaved = vi.fn();
    const channel = {
      id: 9,
      type: 1,
      name: 'Main',
      base_url: 'https://api.openai.com',
      models: ['gpt-4o'],
      groups: ['default'],
      priority: 0,
      weight: 1,
      model_mapping: {},
      header_override: { 'X-Title': 'Relaydesk' },
      proxy: '',
      key_count: 1,
      settings: {},
    } as unknown as ChannelView;
    render(<ChannelDialog channel={channel} onClose={() => {}} onSaved={onSaved} />);
    expect(screen.getByRole('dialog', { name: 'Edit Main' })).toBeTruthy();
    expect(field('Header override').value).toBe('{\n  "X-Title": "Relaydesk"\n}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved the channel “Main”.'));
    expect(api.calls[0]?.body).toMatchObject({ id: 9, name: 'Main', models: 'gpt-4o', weight: 1 });
    expect(api.calls[0]?.body).not.toHaveProperty('key');
  });
});

const typeSelect = () => screen.getByRole('combobox', { name: 'Type' });
const combo = (name: string) => screen.queryByRole<HTMLSelectElement>('combobox', { name });

/** Fills what every channel needs, so a save gets past validation. */
async function fillBasics(keys = 'sk-1') {
  await typeText('Name', 'Work');
  await typeText('API keys', keys);
  await typeText('Models', 'gpt-4o');
}

describe('ChannelDialog: fields by type', () => {
  it('asks Azure for its address and offers an API version, the relay default shown but not filled in', async () => {
    const api = stubApi().on('POST /api/channel', { id: 3 });
    const onSaved = openNew();
    await userEvent.selectOptions(typeSelect(), 'Azure OpenAI');
    expect(field('API version').value).toBe('');
    expect(field('API version').getAttribute('placeholder')).toBe('2024-10-21');
    expect(screen.getByText(/Empty: the relay's default, 2024-10-21/)).toBeTruthy();
    expect(screen.getByText(/deployment names/)).toBeTruthy();
    expect(combo('Upstream API')).toBeNull();

    await fillBasics();
    await typeText('API version', 'latest please');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(screen.getByText('Azure OpenAI has no default address: enter the upstream\'s, e.g. https://<resource>.openai.azure.com.')).toBeTruthy();
    expect(screen.getByText('A version such as 2024-10-21 (or one ending in -preview).')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await typeText('Base URL', 'https://work.openai.azure.com');
    await typeText('API version', '2025-04-01-preview');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ type: 3, base_url: 'https://work.openai.azure.com', api_version: '2025-04-01-preview' });
    expect(api.calls[0]?.body).not.toHaveProperty('upstream_protocol');
  });

  it('adds an Azure channel without an API version when none is typed (the relay uses its default)', async () => {
    const api = stubApi().on('POST /api/channel', { id: 3 });
    const onSaved = openNew();
    await userEvent.selectOptions(typeSelect(), 'Azure OpenAI');
    await fillBasics();
    await typeText('Base URL', 'https://work.openai.azure.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ type: 3, base_url: 'https://work.openai.azure.com' });
    expect(api.calls[0]?.body).not.toHaveProperty('api_version');
  });

  it('leaves a saved Azure channel without a version unpinned, and sends an emptied version to go back to the default', async () => {
    const api = stubApi().on('PUT /api/channel', { id: 2 });
    const azure = (settings: Record<string, string>) =>
      ({ id: 2, type: 3, name: 'Azure', base_url: 'https://work.openai.azure.com', models: ['m'], groups: ['default'], priority: 0, weight: 0, model_mapping: {}, header_override: {}, proxy: '', key_count: 1, settings }) as unknown as ChannelView;
    const onSaved = vi.fn();
    const { unmount } = render(<ChannelDialog channel={azure({})} onClose={() => {}} onSaved={onSaved} />);
    expect(field('API version').value).toBe('');
    expect(field('API version').getAttribute('placeholder')).toBe('2024-10-21');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.calls[0]?.body).not.toHaveProperty('api_version');
    unmount();

    render(<ChannelDialog channel={azure({ api_version: '2025-01-01-preview' })} onClose={() => {}} onSaved={onSaved} />);
    await userEvent.clear(field('API version'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(api.calls[1]?.body).toMatchObject({ id: 2, api_version: '' });
  });

  it('lets OpenAI-style channels call the upstream through the Responses API', async () => {
    const api = stubApi().on('POST /api/channel', { id: 4 });
    const onSaved = openNew();
    expect(combo('Upstream API')?.value).toBe('chat');
    expect(screen.queryByRole('textbox', { name: 'API version' })).toBeNull();
    await fillBasics();
    await userEvent.selectOptions(combo('Upstream API')!, 'responses');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ type: 1, upstream_protocol: 'responses' });
    expect(api.calls[0]?.body).not.toHaveProperty('api_version');
  });

  it('has neither field for Anthropic or Gemini', async () => {
    openNew();
    for (const type of ['Anthropic', 'Gemini']) {
      await userEvent.selectOptions(typeSelect(), type);
      expect(combo('Upstream API')).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'API version' })).toBeNull();
    }
  });

  it('offers the key order only once there are several keys', async () => {
    const api = stubApi().on('POST /api/channel', { id: 5 });
    const onSaved = openNew();
    expect(screen.getByText('One per line (sk-…). Several keys share the calls: a random one each time, or in turn (Key order).')).toBeTruthy();
    await fillBasics('sk-1');
    expect(combo('Key order')).toBeNull();
    await typeText('API keys', 'sk-1\nsk-2');
    expect(combo('Key order')?.value).toBe('random');
    await userEvent.selectOptions(combo('Key order')!, 'polling');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ key: 'sk-1\nsk-2', key_mode: 'polling' });
  });

  it('sends the test model, automatic disabling, tag and note', async () => {
    const api = stubApi().on('POST /api/channel', { id: 6 });
    const onSaved = openNew();
    await fillBasics();
    // With its list of the channel's models, the field is a combobox.
    await userEvent.type(screen.getByRole('combobox', { name: 'Test model' }), 'gpt-4o');
    await typeText('Tag', 'work');
    await typeText('Note', 'Paid by the team');
    const autoBan = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Disable keys the upstream refuses' });
    expect(autoBan.checked).toBe(true);
    await userEvent.click(autoBan);
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ test_model: 'gpt-4o', auto_ban: false, tag: 'work', remark: 'Paid by the team' });
  });

  it('shows a saved Azure channel with its own version, and a saved Responses channel as such', async () => {
    const saved = (extra: Partial<ChannelView>) =>
      ({ id: 2, name: 'Saved', base_url: 'https://x.example', models: ['m'], groups: ['default'], priority: 0, weight: 0, model_mapping: {}, header_override: {}, proxy: '', key_count: 1, ...extra }) as ChannelView;
    const { unmount } = render(<ChannelDialog channel={saved({ type: 3, settings: { api_version: '2025-01-01-preview' } })} onClose={() => {}} onSaved={() => {}} />);
    expect(field('API version').value).toBe('2025-01-01-preview');
    unmount();
    render(<ChannelDialog channel={saved({ type: 8, settings: { upstream_protocol: 'responses' }, key_count: 3, key_mode: 'polling' })} onClose={() => {}} onSaved={() => {}} />);
    expect(combo('Upstream API')?.value).toBe('responses');
    // Three keys kept from before: their order can be changed without retyping them.
    expect(combo('Key order')?.value).toBe('polling');
  });
});
