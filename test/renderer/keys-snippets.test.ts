import { describe, expect, it } from 'vitest';
import { clientSnippets, type ClientSnippet } from '../../renderer/lib/client-snippets.js';

const KEY = 'sk-relaydesk-0123456789abcdef';

function block(snippets: ClientSnippet[], id: string): string {
  const found = snippets.flatMap((s) => s.blocks).find((b) => b.id === id);
  if (!found) throw new Error(`no block ${id}`);
  return found.code;
}

describe('client setup snippets', () => {
  it('gives each client the base URL it expects: /v1 for OpenAI-style clients, the bare base for Anthropic and Google', () => {
    const s = clientSnippets({ baseUrl: 'http://127.0.0.1:3000', key: KEY, model: 'gpt-4o' });
    expect(block(s, 'claude')).toBe(`export ANTHROPIC_BASE_URL=http://127.0.0.1:3000\nexport ANTHROPIC_AUTH_TOKEN=${KEY}\nclaude`);
    expect(JSON.parse(block(s, 'claude-settings'))).toEqual({ env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:3000', ANTHROPIC_AUTH_TOKEN: KEY } });
    expect(block(s, 'codex-config')).toContain('base_url = "http://127.0.0.1:3000/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"');
    expect(block(s, 'codex-env')).toContain(`export RELAYDESK_API_KEY=${KEY}`);
    expect(block(s, 'gemini')).toBe(`export GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:3000\nexport GEMINI_API_KEY=${KEY}\ngemini`);
    expect(block(s, 'curl')).toContain('curl http://127.0.0.1:3000/v1/chat/completions');
    expect(block(s, 'python-openai')).toContain(`client = OpenAI(\n    base_url="http://127.0.0.1:3000/v1",\n    api_key="${KEY}",\n)\n`);
    expect(block(s, 'python-anthropic')).toContain(`client = Anthropic(\n    base_url="http://127.0.0.1:3000",\n    api_key="${KEY}",\n)\n`);
    expect(block(s, 'python-genai')).toContain(`client = genai.Client(\n    api_key="${KEY}",\n    http_options={"base_url": "http://127.0.0.1:3000"},\n)\n`);
    expect(block(s, 'js-openai')).toContain(`const client = new OpenAI({\n  baseURL: "http://127.0.0.1:3000/v1",\n  apiKey: "${KEY}",\n});\n`);
    expect(block(s, 'js-anthropic')).toContain(`const client = new Anthropic({\n  baseURL: "http://127.0.0.1:3000",\n  apiKey: "${KEY}",\n});\n`);
    expect(block(s, 'js-genai')).toContain(`const ai = new GoogleGenAI({\n  apiKey: "${KEY}",\n  httpOptions: { baseUrl: "http://127.0.0.1:3000" },\n});\n`);
  });

  it('never doubles a slash when the base URL ends in one', () => {
    const s = clientSnippets({ baseUrl: 'https://example.com/', key: KEY, model: 'o3' });
    expect(block(s, 'claude')).toContain('ANTHROPIC_BASE_URL=https://example.com\n');
    expect(block(s, 'codex-config')).toContain('base_url = "https://example.com/v1"');
    expect(s.flatMap((x) => x.blocks).every((b) => !/[^:]\/\//.test(b.code))).toBe(true);
  });

  it('names the model in every example that calls one', () => {
    const s = clientSnippets({ baseUrl: 'http://localhost:3000', key: KEY, model: 'claude-sonnet-4' });
    for (const id of ['curl', 'python-openai', 'python-anthropic', 'python-genai', 'js-openai', 'js-anthropic', 'js-genai']) {
      expect(block(s, id), id).toContain('"claude-sonnet-4"');
    }
  });

  it('selects API-key sign-in for Gemini CLI in settings.json', () => {
    const s = clientSnippets({ baseUrl: 'http://localhost:3000', key: KEY, model: 'o3' });
    expect(JSON.parse(block(s, 'gemini-settings'))).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
  });

  it('has one tab per client, Python and JavaScript each with the three SDKs, and block ids unique', () => {
    const s = clientSnippets({ baseUrl: 'http://localhost:3000', key: KEY, model: 'o3' });
    expect(s.map((tab) => tab.label)).toEqual(['Claude Code', 'Codex CLI', 'Gemini CLI', 'curl', 'Python', 'JavaScript']);
    expect(s.find((tab) => tab.id === 'python')?.blocks.map((b) => b.id)).toEqual(['python-openai', 'python-anthropic', 'python-genai']);
    expect(s.find((tab) => tab.id === 'javascript')?.blocks.map((b) => b.id)).toEqual(['js-openai', 'js-anthropic', 'js-genai']);
    const ids = s.flatMap((tab) => tab.blocks.map((b) => b.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
