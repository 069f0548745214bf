// Ready-to-paste client setup for a new key: the coding CLIs, curl and the official SDKs,
// filled with this relay's base URL, the key and a model. Pure, so tests can pin every URL.
//
// The base URL is where the relay answers: the console's origin. (The console does not know a
// base_path the relay may be served under behind a proxy, so the snippets do not include one.)
// OpenAI-style clients want it with /v1; the Anthropic SDK and Claude Code add /v1 themselves;
// the GenAI SDK and Gemini CLI add /v1beta themselves.
import type { ClientSetupId } from '../api/client-setup.js';
import { i18n } from '../i18n/index.js';

export interface SnippetBlock {
  /** Unique across all tabs (used as a test id). */
  id: string;
  /** What the copy button copies, e.g. "config.toml". */
  name: string;
  /** Where the code goes, e.g. "In ~/.codex/config.toml:". */
  where: string;
  code: string;
}

export interface ClientSnippet {
  id: string;
  label: string;
  /** The client whose files Relaydesk can write on the relay's computer, if any. */
  files?: ClientSetupId;
  blocks: SnippetBlock[];
}

/** The model the examples name when the key allows every model and none is known. */
export const FALLBACK_MODEL = 'gpt-4o-mini';

export interface SnippetInput {
  baseUrl: string;
  key: string;
  model: string;
}

/** A string literal that is valid JSON, JavaScript, Python and TOML alike. */
const str = (value: string) => JSON.stringify(value);

/** A block's name and where it goes, in the console's language (`keys:snippets.<id>`). */
function words(id: string): { name: string; where: string } {
  return { name: i18n.t(`keys:snippets.${id}.name`), where: i18n.t(`keys:snippets.${id}.where`) };
}

export function clientSnippets({ baseUrl, key, model }: SnippetInput): ClientSnippet[] {
  const base = baseUrl.replace(/\/+$/, '');
  const openaiBase = `${base}/v1`;
  return [
    {
      id: 'claude',
      label: 'Claude Code',
      files: 'claude-code',
      blocks: [
        { id: 'claude', ...words('claude'), code: `export ANTHROPIC_BASE_URL=${base}\nexport ANTHROPIC_AUTH_TOKEN=${key}\nclaude` },
        {
          id: 'claude-settings',
          ...words('claude-settings'),
          code: JSON.stringify({ env: { ANTHROPIC_BASE_URL: base, ANTHROPIC_AUTH_TOKEN: key } }, null, 2),
        },
      ],
    },
    {
      id: 'codex',
      label: 'Codex CLI',
      files: 'codex',
      blocks: [
        {
          id: 'codex-config',
          ...words('codex-config'),
          code: `model_provider = "relaydesk"\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nbase_url = ${str(openaiBase)}\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"`,
        },
        { id: 'codex-env', ...words('codex-env'), code: `export RELAYDESK_API_KEY=${key}\ncodex` },
      ],
    },
    {
      id: 'gemini',
      label: 'Gemini CLI',
      files: 'gemini-cli',
      blocks: [
        { id: 'gemini', ...words('gemini'), code: `export GOOGLE_GEMINI_BASE_URL=${base}\nexport GEMINI_API_KEY=${key}\ngemini` },
        {
          id: 'gemini-settings',
          ...words('gemini-settings'),
          code: JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2),
        },
      ],
    },
    {
      id: 'curl',
      label: 'curl',
      blocks: [
        {
          id: 'curl',
          ...words('curl'),
          code: `curl ${openaiBase}/chat/completions \\\n  -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"model": ${str(model)}, "messages": [{"role": "user", "content": "Hello"}]}'`,
        },
      ],
    },
    {
      id: 'python',
      label: 'Python',
      blocks: [
        {
          id: 'python-openai',
          ...words('python-openai'),
          code: `from openai import OpenAI\n\nclient = OpenAI(\n    base_url=${str(openaiBase)},\n    api_key=${str(key)},\n)\nreply = client.chat.completions.create(\n    model=${str(model)},\n    messages=[{"role": "user", "content": "Hello"}],\n)\nprint(reply.choices[0].message.content)`,
        },
        {
          id: 'python-anthropic',
          ...words('python-anthropic'),
          code: `from anthropic import Anthropic\n\nclient = Anthropic(\n    base_url=${str(base)},\n    api_key=${str(key)},\n)\nmessage = client.messages.create(\n    model=${str(model)},\n    max_tokens=1024,\n    messages=[{"role": "user", "content": "Hello"}],\n)\nprint(message.content[0].text)`,
        },
        {
          id: 'python-genai',
          ...words('python-genai'),
          code: `from google import genai\n\nclient = genai.Client(\n    api_key=${str(key)},\n    http_options={"base_url": ${str(base)}},\n)\nresponse = client.models.generate_content(model=${str(model)}, contents="Hello")\nprint(response.text)`,
        },
      ],
    },
    {
      id: 'javascript',
      label: 'JavaScript',
      blocks: [
        {
          id: 'js-openai',
          ...words('js-openai'),
          code: `import OpenAI from "openai";\n\nconst client = new OpenAI({\n  baseURL: ${str(openaiBase)},\n  apiKey: ${str(key)},\n});\nconst reply = await client.chat.completions.create({\n  model: ${str(model)},\n  messages: [{ role: "user", content: "Hello" }],\n});\nconsole.log(reply.choices[0].message.content);`,
        },
        {
          id: 'js-anthropic',
          ...words('js-anthropic'),
          code: `import Anthropic from "@anthropic-ai/sdk";\n\nconst client = new Anthropic({\n  baseURL: ${str(base)},\n  apiKey: ${str(key)},\n});\nconst message = await client.messages.create({\n  model: ${str(model)},\n  max_tokens: 1024,\n  messages: [{ role: "user", content: "Hello" }],\n});\nconsole.log(message.content);`,
        },
        {
          id: 'js-genai',
          ...words('js-genai'),
          code: `import { GoogleGenAI } from "@google/genai";\n\nconst ai = new GoogleGenAI({\n  apiKey: ${str(key)},\n  httpOptions: { baseUrl: ${str(base)} },\n});\nconst response = await ai.models.generateContent({ model: ${str(model)}, contents: "Hello" });\nconsole.log(response.text);`,
        },
      ],
    },
  ];
}
