import { readCaptures } from '../../../helpers/fixtures.js';

export interface Capture {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, any>;
}

/** Real Gemini CLI requests (`test/fixtures/captures/gemini-cli.jsonl`). */
export function geminiCliCaptures(): Capture[] {
  return readCaptures<Capture>('gemini-cli');
}

/** The route facts the relay reads off a captured path and query. */
export function routeOf(capture: Capture): { model: string; stream: boolean; sse: boolean } {
  const match = /^\/v1beta\/models\/([^/:]+):(\w+)$/.exec(capture.path)!;
  return { model: decodeURIComponent(match[1]!), stream: match[2] === 'streamGenerateContent', sse: capture.query.alt === 'sse' };
}
