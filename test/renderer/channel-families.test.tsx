// The channel form's "Serves" choice (the call families a channel takes) and the table's note
// of families that are not the type's defaults.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChannelDialog } from '../../renderer/components/ChannelDialog.js';
import { ModelsCell } from '../../renderer/pages/channels/cells.js';
import { channel } from './helpers/channels.js';
import { stubApi } from './helpers/fake-api.js';

const serves = () => screen.getByRole('group', { name: 'Serves' });
const checked = () =>
  within(serves())
    .getAllByRole<HTMLInputElement>('checkbox')
    .filter((box) => box.checked)
    .map((box) => box.value);
const box = (name: string) => within(serves()).getByRole('checkbox', { name });

async function fillRequired() {
  for (const [name, text] of [['Name', 'Embedder'], ['API keys', 'k'], ['Models', 'text-embedding-004']]) {
    const input = screen.getByRole('textbox', { name });
    await userEvent.clear(input);
    await userEvent.type(input, text!);
  }
}

describe('ChannelDialog: Serves', () => {
  it("starts with the type's families and follows the type while untouched", async () => {
    render(<ChannelDialog channel={null} onClose={() => {}} onSaved={() => {}} />);
    expect(checked()).toEqual(['chat', 'embeddings', 'completions', 'moderation', 'images', 'audio', 'video']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Anthropic');
    expect(checked()).toEqual(['chat', 'completions']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Gemini');
    expect(checked()).toEqual(['chat', 'embeddings', 'completions', 'images']);
  });

  it('offers the rerank types, Cohere and Jina, with their addresses and families', async () => {
    const api = stubApi().on('POST /api/channel', { id: 4 });
    const onSaved = vi.fn();
    render(<ChannelDialog channel={null} onClose={() => {}} onSaved={onSaved} />);
    const address = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Base URL' }).value;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Jina');
    expect(address()).toBe('https://api.jina.ai');
    expect(checked()).toEqual(['embeddings', 'rerank']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Cohere');
    expect(address()).toBe('https://api.cohere.com');
    expect(checked()).toEqual(['rerank']);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ type: 34, base_url: 'https://api.cohere.com', families: [] });
  });

  it('saves an embeddings-only channel with its own families', async () => {
    const api = stubApi().on('POST /api/channel', { id: 3 });
    const onSaved = vi.fn();
    render(<ChannelDialog channel={null} onClose={() => {}} onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Gemini');
    await fillRequired();
    await userEvent.click(box('Chat'));
    await userEvent.click(box('Completions'));
    await userEvent.click(box('Images'));
    expect(checked()).toEqual(['embeddings']);
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ type: 24, families: ['embeddings'] });
  });

  it('refuses a channel that serves nothing, and sends nothing', async () => {
    const api = stubApi();
    render(<ChannelDialog channel={null} onClose={() => {}} onSaved={() => {}} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Anthropic');
    await fillRequired();
    await userEvent.click(box('Chat'));
    await userEvent.click(box('Completions'));
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(screen.getByText('Serve at least one kind of call.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("edits a channel's own families, and goes back to the type's defaults", async () => {
    const api = stubApi().on('PUT /api/channel', { id: 9 });
    const onSaved = vi.fn();
    render(<ChannelDialog channel={channel(9, 'Vectors', { families: ['embeddings'] })} onClose={() => {}} onSaved={onSaved} />);
    expect(checked()).toEqual(['embeddings']);
    await userEvent.click(screen.getByRole('button', { name: "Back to OpenAI's defaults" }));
    expect(checked()).toEqual(['chat', 'embeddings', 'completions', 'moderation', 'images', 'audio', 'video']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ id: 9, families: [] });
  });
});

describe('ChannelDialog: completions through chat', () => {
  const viaChat = () => screen.queryByRole<HTMLInputElement>('checkbox', { name: 'Completions through chat' });

  it('is offered while a type with a completions endpoint serves completions, and saved', async () => {
    const api = stubApi().on('POST /api/channel', { id: 6 });
    const onSaved = vi.fn();
    render(<ChannelDialog channel={null} onClose={() => {}} onSaved={onSaved} />);
    expect(viaChat()?.checked).toBe(false);
    await userEvent.click(box('Completions'));
    expect(viaChat()).toBeNull();
    await userEvent.click(box('Completions'));
    await userEvent.click(viaChat()!);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ type: 1, completions_upstream: 'chat' });
  });

  it('is not offered where completions always go through chat: Anthropic, or a Responses upstream', async () => {
    render(<ChannelDialog channel={channel(7, 'Responses', { settings: { upstream_protocol: 'responses' } })} onClose={() => {}} onSaved={() => {}} />);
    expect(viaChat()).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Upstream API' }), 'chat');
    expect(viaChat()).not.toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Anthropic');
    expect(viaChat()).toBeNull();
  });

  it("shows a saved channel's choice and turns it back off", async () => {
    const api = stubApi().on('PUT /api/channel', { id: 8 });
    const onSaved = vi.fn();
    render(<ChannelDialog channel={channel(8, 'Chat only', { settings: { completions_upstream: 'chat' } })} onClose={() => {}} onSaved={onSaved} />);
    expect(viaChat()?.checked).toBe(true);
    await userEvent.click(viaChat()!);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toMatchObject({ id: 8, completions_upstream: 'completions' });
  });
});

describe('Channels table: families', () => {
  it("notes a channel's own families under its models, and nothing for the type's defaults", () => {
    const { container, rerender } = render(<ModelsCell channel={channel(1, 'a', { families: ['embeddings'] })} />);
    expect(container.textContent).toContain('serves embeddings');
    rerender(<ModelsCell channel={channel(1, 'a', { families: [] })} />);
    expect(container.textContent).not.toContain('serves');
  });
});
