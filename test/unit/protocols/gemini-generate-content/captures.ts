import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Real Gemini CLI requests (`../shared/spec/captures/gemini-cli.jsonl`). */
export const geminiCliCapturePath = fileURLToPath(new URL('../../../../../shared/spec/captures/gemini-cli.jsonl', import.meta.url));

export interface Capture {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, any>;
}

export function geminiCliCaptures(): Capture[] {
  return readFileSync(geminiCliCapturePath, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Capture);
}

/** The route facts the relay reads off a captured path and query. */
export function routeOf(capture: Capture): { model: string; stream: boolean; sse: boolean } {
  const match = /^\/v1beta\/models\/([^/:]+):(\w+)$/.exec(capture.path)!;
  return { model: decodeURIComponent(match[1]!), stream: match[2] === 'streamGenerateContent', sse: capture.query.alt === 'sse' };
}
