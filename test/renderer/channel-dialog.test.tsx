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
      key: 'sk-ant-1\nsk-ant-2',
    });
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
