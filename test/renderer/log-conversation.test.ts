/// <reference types="node" />
// The log drawer's reading of kept bodies (renderer/pages/logs/conversation.ts, curl.ts): each
// request shape the relay takes as turns, answers from JSON and from a stream's events, and a
// curl command that survives quotes in the body and leaves the key to the shell.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { conversationOf } from '../../renderer/pages/logs/conversation.js';
import { curlOf } from '../../renderer/pages/logs/curl.js';

const roles = (path: string, request: unknown, response: string, type = 'application/json') =>
  conversationOf(path, JSON.stringify(request), response, type)?.turns.map((turn) => [turn.role, turn.text, turn.toolCalls.map((call) => `${call.name}(${call.args})`).join(), turn.answers ?? ''].filter(Boolean).join(' | '));
const sse = (...events: unknown[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n';

describe('kept bodies as a conversation', () => {
  it('reads Anthropic messages: system, tool use and tool result blocks, and a streamed answer', () => {
    const request = {
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'tu_1', name: 'get_weather', input: { city: 'Oslo' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu_1', content: 'snow' }] },
      ],
    };
    const answer = sse(
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'It ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'snows.' } },
    );
    expect(roles('/v1/messages', request, answer, 'text/event-stream')).toEqual([
      'system | Be brief.',
      'user | weather?',
      'assistant | Checking. | get_weather({"city":"Oslo"})',
      'tool | snow | tu_1',
      'assistant | It snows.',
    ]);
  });

  it('reads OpenAI responses: instructions, function calls and outputs, and the completed response of a stream', () => {
    const request = {
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'weather?' }] },
        { type: 'function_call', call_id: 'fc_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { type: 'function_call_output', call_id: 'fc_1', output: 'snow' },
      ],
    };
    const answer = sse({ type: 'response.output_text.delta', delta: 'It' }, { type: 'response.completed', response: { output: [{ type: 'message', content: [{ type: 'output_text', text: 'It snows.' }] }] } });
    expect(roles('/v1/responses', request, answer, 'text/event-stream')).toEqual(['system | Be brief.', 'user | weather?', 'assistant | get_weather({"city":"Oslo"})', 'tool | snow | fc_1', 'assistant | It snows.']);
  });

  it('reads Gemini generateContent: system instruction, function call and response, the answer from JSON', () => {
    const request = {
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { sky: 'snow' } } }] },
      ],
    };
    const answer = JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'It snows.' }] } }] });
    expect(roles('/v1beta/models/gemini-2.5-flash:generateContent', request, answer)).toEqual([
      'system | Be brief.',
      'user | weather?',
      'assistant | get_weather({"city":"Oslo"})',
      'tool | {"sky":"snow"} | get_weather',
      'assistant | It snows.',
    ]);
  });

  it("assembles a chat stream's tool call from its pieces, and leaves a body cut short to be shown raw", () => {
    const answer = sse(
      { choices: [{ delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'get_weather', arguments: '' } }] } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] } }] },
    );
    expect(roles('/v1/chat/completions', { messages: [{ role: 'developer', content: 'Be brief.' }, { role: 'user', content: 'weather?' }] }, answer, 'text/event-stream')).toEqual([
      'system | Be brief.',
      'user | weather?',
      'assistant | get_weather({"city":"Oslo"})',
    ]);
    expect(conversationOf('/v1/chat/completions', '{"messages":[{"role":"user","content":"cut', '', 'application/json')).toBeUndefined();
  });
});

describe('copy as curl', () => {
  it("quotes the body for the shell, leaves the key to it, and turns a playground call into the key's /v1 call", () => {
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: "it's $HOME `date`" }] });
    const curl = curlOf({ method: 'POST', path: '/pg/chat/completions', headers: { 'content-type': 'application/json' }, request: body }, 'http://127.0.0.1:3000/');
    expect(curl.split(' \\\n  ')[0]).toBe("curl 'http://127.0.0.1:3000/v1/chat/completions'");
    expect(curl).toContain('-H "Authorization: Bearer $RELAYDESK_KEY"');
    // What the shell hands curl: the key from the environment, the body exactly as kept.
    const argv = execFileSync('bash', ['-c', `printargs() { printf '%s\\n' "$@"; }; ${curl.replace(/^curl /, 'printargs ')}`], { env: { RELAYDESK_KEY: 'sk-test' }, encoding: 'utf8' }).split('\n');
    expect(argv).toContain('Authorization: Bearer sk-test');
    expect(argv).toContain(body);
    expect(curlOf({ method: 'POST', path: '/v1/messages', headers: {}, request: '{}' }, 'http://h')).toContain('-H "x-api-key: $RELAYDESK_KEY"');
    expect(curlOf({ method: 'POST', path: '/v1beta/models/g:generateContent', headers: {}, request: '{}' }, 'http://h')).toContain('-H "x-goog-api-key: $RELAYDESK_KEY"');
  });
});
