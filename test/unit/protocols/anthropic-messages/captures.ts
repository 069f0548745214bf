import { readCaptures } from '../../../helpers/fixtures.js';

export interface Capture {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: Record<string, any>;
}

/** Real Claude Code requests (`test/fixtures/captures/claude-code.jsonl`). */
export function claudeCodeCaptures(): Capture[] {
  return readCaptures<Capture>('claude-code');
}

/** The captured `POST /v1/messages` calls. */
export function claudeCodeMessageCalls(): Capture[] {
  return claudeCodeCaptures().filter((c) => c.method === 'POST' && c.path === '/v1/messages' && c.body);
}
