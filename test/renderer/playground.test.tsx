import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionEnded } from '../../renderer/api/client.js';
import PlaygroundPage from '../../renderer/pages/playground/PlaygroundPage.js';
import { send, sse, stubPlayground, textAnswer, type PostedCall } from './helpers/playground.js';

const toolAnswer = () => sse([
  { choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] } }] },
  { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] } }] },
  { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
]);

let chatCalls: PostedCall[];
/** The management API answers the model list; chat calls get `answers` in turn. */
function stubRelay(answers: (() => Response)[]) {
  const relay = stubPlayground(answers);
  chatCalls = relay.posted;
  return relay.api;
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('PlaygroundPage', () => {
  it('calls as the signed-in user by default: /pg/chat/completions, no key, streamed with usage', async () => {
    stubRelay([() => textAnswer('Hi there')]);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    await send('hello');
    await screen.findByText('Hi there');
    expect(chatCalls).toHaveLength(1);
    expect(chatCalls[0]!.path).toBe('/pg/chat/completions');
    expect(chatCalls[0]!.headers.Authorization).toBeUndefined();
    expect(chatCalls[0]!.body).toMatchObject({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'hello' }] });
    await waitFor(() => expect(screen.getByTestId('pg-prompt-tokens').textContent).toBe('11'));
    expect(screen.getByTestId('pg-completion-tokens').textContent).toBe('3');
  });

  it('with a pasted key, calls /v1/chat/completions with it, as a client would', async () => {
    stubRelay([() => textAnswer('ok')]);
    render(<PlaygroundPage />);
    await userEvent.type(screen.getByLabelText('API key (optional)'), 'sk-test-key');
    await send('hello');
    await screen.findByText('ok');
    expect(chatCalls[0]!.path).toBe('/v1/chat/completions');
    expect(chatCalls[0]!.headers.Authorization).toBe('Bearer sk-test-key');
  });

  it('keeps the conversation: the next call carries the system prompt and every earlier turn', async () => {
    stubRelay([() => textAnswer('First answer'), () => textAnswer('Second answer')]);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    await userEvent.type(screen.getByLabelText('System prompt'), 'Be brief.');
    await send('one');
    await screen.findByText('First answer');
    await send('two');
    await screen.findByText('Second answer');
    expect(chatCalls[1]!.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'two' },
    ]);
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getAllByRole('article', { name: 'You' })).toHaveLength(2);
    expect(within(conversation).getAllByRole('article', { name: 'Answer' })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByRole('list', { name: 'Conversation' })).toBeNull();
  });

  it('sends the tools, shows the call the model makes, and sends your result back with its call id', async () => {
    stubRelay([toolAnswer, () => textAnswer('It is sunny in Paris.')]);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    await userEvent.click(screen.getByLabelText('Tools (JSON)'));
    await userEvent.paste('[{"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]');
    await send('weather in Paris?');
    const calls = await screen.findByTestId('pg-tool-calls');
    expect(calls.textContent).toContain('get_weather');
    expect(calls.textContent).toContain('"city": "Paris"');
    expect(chatCalls[0]!.body.tools).toEqual([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }]);

    await userEvent.type(await screen.findByLabelText('Result of get_weather'), 'sunny, 24 C');
    await userEvent.click(screen.getByRole('button', { name: 'Send results' }));
    await screen.findByText('It is sunny in Paris.');
    expect(chatCalls[1]!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny, 24 C' },
    ]);
  });

  it('refuses a tool without a name, saying so, and sends nothing', async () => {
    stubRelay([]);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    await userEvent.click(screen.getByLabelText('Tools (JSON)'));
    await userEvent.paste('[{"description": "no name"}]');
    await send('hi');
    await screen.findByText(/Tool 1 needs a "name"/);
    expect(chatCalls).toHaveLength(0);
  });

  it('a session that ended sends the console back to sign-in', async () => {
    stubRelay([() => new Response(JSON.stringify({ error: { message: 'Not signed in: sign in to the console again.' } }), { status: 401 })]);
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    await send('hello');
    await screen.findByRole('alert');
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('gives the message back when the call fails before any answer, with the relay’s reason', async () => {
    stubRelay([() => new Response(JSON.stringify({ error: { message: 'No available channel serves the model test-model.' } }), { status: 503 })]);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    await send('keep me');
    expect((await screen.findByRole('alert')).textContent).toContain('No available channel');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('keep me');
    expect(screen.queryByRole('list', { name: 'Conversation' })).toBeNull();
  });

  it('renders the answer as Markdown (code in a block, raw HTML left out), regenerates it, and offers only chat models, remembering the last', async () => {
    localStorage.setItem('relaydesk.playground.model.chat', 'other-model');
    stubRelay([() => textAnswer('# Title\n\n**bold** <img src=x onerror=alert(1)>\n\n```python\nprint(1)\n```'), () => textAnswer('Again')]).on('GET /api/models', [
      { name: 'test-model', families: ['chat'] },
      { name: 'other-model', families: ['chat', 'completions'] },
      { name: 'painter', families: ['images'] },
    ]);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'test-model' });
    expect(screen.queryByRole('option', { name: 'painter' })).toBeNull();
    expect((screen.getByLabelText('Model') as HTMLSelectElement).value).toBe('other-model');
    await send('hello');
    const answer = await screen.findByTestId('pg-answer');
    await waitFor(() => expect(within(answer).getByRole('heading', { name: 'Title' })).toBeTruthy());
    expect(answer.querySelector('strong')?.textContent).toBe('bold');
    expect(answer.querySelector('img')).toBeNull();
    expect(within(answer).getByTestId('pg-codeblock').textContent).toContain('print(1)');
    expect(within(answer).getByTestId('pg-codeblock').textContent).toContain('python');

    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await screen.findByText('Again');
    expect(chatCalls[1]!.body.messages).toEqual([{ role: 'user', content: 'hello' }]);
    expect(screen.getAllByRole('article', { name: 'Answer' })).toHaveLength(1);
  });
});
