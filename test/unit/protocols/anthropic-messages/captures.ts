import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Real Claude Code requests (`../shared/spec/captures/claude-code.jsonl`). */
export const claudeCodeCapturePath = fileURLToPath(new URL('../../../../../shared/spec/captures/claude-code.jsonl', import.meta.url));

export interface Capture {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: Record<string, any>;
}

export function claudeCodeCaptures(): Capture[] {
  return readFileSync(claudeCodeCapturePath, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Capture);
}

/** The captured `POST /v1/messages` calls. */
export function claudeCodeMessageCalls(): Capture[] {
  return claudeCodeCaptures().filter((c) => c.method === 'POST' && c.path === '/v1/messages' && c.body);
}
