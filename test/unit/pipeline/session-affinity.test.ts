// The session a coding agent's call belongs to, read off the real clients' captured requests.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chatSession } from '../../../relay/pipeline/session-affinity.js';
import { anthropicMessagesCodec } from '../../../relay/protocols/anthropic-messages/codec.js';
import { geminiCodec } from '../../../relay/protocols/gemini-generate-content/codec.js';
import { openaiResponsesCodec } from '../../../relay/protocols/openai-responses/codec.js';
import type { ClientCodec } from '../../../relay/protocols/types.js';
import { readCaptures } from '../../helpers/fixtures.js';
import { geminiCliCaptures, routeOf } from '../protocols/gemini-generate-content/captures.js';

type Capture = { path: string; headers: Record<string, string>; body: any };

function sessionOf(codec: ClientCodec, capture: Capture, route = {}, headers = capture.headers): string | undefined {
  const { request } = codec.decodeRequest(capture.body, route, []);
  return chatSession(request, { headers } as unknown as IncomingMessage);
}

describe('chatSession', () => {
  it("reads Claude Code's session id, from its header or from metadata.user_id", () => {
    const calls = readCaptures<Capture>('claude-code').filter((c) => c.path === '/v1/messages');
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(sessionOf(anthropicMessagesCodec, call)).toBe('2d2aa2e2-89f5-4303-b583-a90df57c2121');
      const { 'x-claude-code-session-id': _, ...withoutHeader } = call.headers;
      expect(sessionOf(anthropicMessagesCodec, call, {}, withoutHeader)).toBe('2d2aa2e2-89f5-4303-b583-a90df57c2121');
    }
    const legacy = { ...calls[0]!, body: { ...calls[0]!.body, metadata: { user_id: 'user_abc_account_def_session_1234-5678' } } };
    expect(sessionOf(anthropicMessagesCodec, legacy, {}, {})).toBe('1234-5678');
  });

  it("reads Codex's prompt_cache_key (and its session-id header)", () => {
    for (const call of readCaptures<Capture>('codex')) {
      expect(sessionOf(openaiResponsesCodec, call)).toBe('01a2007f-8d7d-7842-967b-a7100f1ad43e');
      expect(sessionOf(openaiResponsesCodec, call, {}, {})).toBe('01a2007f-8d7d-7842-967b-a7100f1ad43e');
    }
  });

  it("tells Gemini CLI's calls apart by their prefix: the turns of its conversation share one, its router call has its own", () => {
    const [router, ...turns] = geminiCliCaptures();
    const of = (capture: (typeof turns)[number]) => sessionOf(geminiCodec, capture, routeOf(capture));
    expect(turns.length).toBeGreaterThan(1);
    expect(new Set(turns.map(of)).size).toBe(1);
    expect(of(turns[0]!)).toMatch(/^prefix:/);
    expect(of(router!)).not.toBe(of(turns[0]!));
    // Another client sending the same body is not taken for an agent session.
    expect(sessionOf(geminiCodec, turns[0]!, routeOf(turns[0]!), { 'user-agent': 'curl/8' })).toBeUndefined();
  });
});
