import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import { MessagesStreamEncoder } from '../../../../relay/protocols/anthropic-messages/encode-stream.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';

describe('messages stream text deltas', () => {
  it('are well-formed JSON for any text (quotes, newlines, unicode, lone surrogates)', () => {
    const request: ChatRequest = { model: 'm', stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] };
    const encoder = new MessagesStreamEncoder(request);
    const texts = ['say "hi"\n', 'tab\tback\\slash', 'é 漢字 🙂', '\ud800 alone', '</script>'];
    let out = encoder.encode({ type: 'start', id: 'msg_1', model: 'm', created: 1 });
    out += encoder.encode({ type: 'reasoning-delta', text: 'thinking "hard"' });
    for (const text of texts) out += encoder.encode({ type: 'text-delta', text });
    const deltas = decodeSseText(out).filter((e) => e.event === 'content_block_delta').map((e) => JSON.parse(e.data));
    expect(deltas[0]).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'thinking "hard"' } });
    expect(deltas.slice(1)).toEqual(texts.map((text) => ({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text } })));
  });

  it('writes the fixed events (ping, block stops, message_stop) as the generic event writer does', () => {
    const request: ChatRequest = { model: 'm', stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] };
    const encoder = new MessagesStreamEncoder(request);
    let out = encoder.encode({ type: 'start', id: 'msg_1', model: 'm', created: 1 });
    out += encoder.encode({ type: 'text-delta', text: 'a' });
    out += encoder.encode({ type: 'text-end' });
    out += encoder.encode({ type: 'reasoning-redacted', data: 'opaque' });
    out += encoder.encode({ type: 'finish', reason: { unified: 'stop' } });
    const generic = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    expect(out).toContain(generic('ping', {}));
    expect(out).toContain(generic('content_block_stop', { index: 0 }));
    expect(out).toContain(generic('content_block_stop', { index: 1 }));
    expect(out.endsWith(generic('message_stop', {}))).toBe(true);
  });

  it('writes message_start and the start of text and thinking blocks as the generic event writer does', () => {
    const request: ChatRequest = { model: 'claude-"quoted"', stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: 'x'.repeat(40) }] }] };
    const encoder = new MessagesStreamEncoder(request);
    let out = encoder.encode({ type: 'start', id: 'chatcmpl-"1"', model: 'upstream', created: 1 });
    out += encoder.encode({ type: 'reasoning-delta', text: 'hm' });
    out += encoder.encode({ type: 'text-delta', text: 'a' });
    const generic = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const usage = { input_tokens: JSON.parse(decodeSseText(out)[0]!.data).message.usage.input_tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
    expect(usage.input_tokens).toBeGreaterThan(0);
    const message = { id: 'msg_chatcmpl-1', type: 'message', role: 'assistant', model: 'claude-"quoted"', content: [], stop_reason: null, stop_sequence: null, usage };
    expect(out.startsWith(generic('message_start', { message }) + generic('ping', {}))).toBe(true);
    expect(out).toContain(generic('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    expect(out).toContain(generic('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }));
  });
});
