// Files under test/fixtures/ that several tests read: the real client captures
// (`captures/*.jsonl`, one recorded request a line) and the official OpenAI OpenAPI
// description (`openai-openapi.yaml`, MIT, licence beside it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** The recorded requests of one client: `claude-code`, `codex` or `gemini-cli`. */
export function readCaptures<T>(client: 'claude-code' | 'codex' | 'gemini-cli'): T[] {
  return readFileSync(fixturePath(`captures/${client}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}
