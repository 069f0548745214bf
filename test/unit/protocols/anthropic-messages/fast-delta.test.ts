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
});
