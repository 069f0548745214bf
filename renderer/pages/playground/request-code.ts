// "View as curl / Python / JavaScript": the playground's request as code to paste, against
// this relay's /v1 routes with the official OpenAI SDKs. The key is never filled in: each
// snippet reads RELAYDESK_API_KEY from the environment, so nothing secret is on screen.

export type CodeLanguage = 'curl' | 'python' | 'javascript';

export const CODE_LANGUAGES: { id: CodeLanguage; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'python', label: 'Python' },
  { id: 'javascript', label: 'JavaScript' },
];

export const KEY_VARIABLE = 'RELAYDESK_API_KEY';

/** What the request does: the /v1 path after the base URL, and the SDK method that calls it. */
export type RequestKind = 'chat' | 'images' | 'speech';

const PATHS: Record<RequestKind, { path: string; python: string; javascript: string }> = {
  chat: { path: '/chat/completions', python: 'client.chat.completions.create', javascript: 'client.chat.completions.create' },
  images: { path: '/images/generations', python: 'client.images.generate', javascript: 'client.images.generate' },
  speech: { path: '/audio/speech', python: 'client.audio.speech.create', javascript: 'client.audio.speech.create' },
};

/** A JSON value as a Python literal (True/False/None), indented like JSON. */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => pad + pythonLiteral(item, indent + 4)).join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, v]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(v, indent + 4)}`).join(',\n')}\n${end}}`;
}

/** Single-quoted for a POSIX shell: ' becomes '\'' */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request as code; `baseUrl` ends in /v1. */
export function requestCode(language: CodeLanguage, kind: RequestKind, baseUrl: string, body: Record<string, unknown>): string {
  const target = PATHS[kind];
  const json = JSON.stringify(body, null, 2);
  const stream = body.stream === true;
  if (language === 'curl') {
    const lines = [`curl ${baseUrl}${target.path}`, `  -H "Authorization: Bearer $${KEY_VARIABLE}"`, '  -H "Content-Type: application/json"'];
    if (stream) lines.push('  --no-buffer');
    if (kind === 'speech') lines.push('  --output speech.mp3');
    lines.push(`  -d ${shellQuote(json)}`);
    return lines.join(' \\\n');
  }
  if (language === 'python') {
    const call = `${target.python}(**${pythonLiteral(body)})`;
    const use =
      kind === 'speech'
        ? `response = ${call}\nresponse.write_to_file("speech.mp3")`
        : stream
          ? `stream = ${call}\nfor chunk in stream:\n    if chunk.choices and chunk.choices[0].delta.content:\n        print(chunk.choices[0].delta.content, end="", flush=True)`
          : `response = ${call}\nprint(response)`;
    return `import os\nfrom openai import OpenAI\n\nclient = OpenAI(base_url=${JSON.stringify(baseUrl)}, api_key=os.environ[${JSON.stringify(KEY_VARIABLE)}])\n\n${use}\n`;
  }
  const call = `await ${target.javascript}(${json})`;
  const use =
    kind === 'speech'
      ? `const response = ${call};\nawait writeFile('speech.mp3', Buffer.from(await response.arrayBuffer()));`
      : stream
        ? `const stream = ${call};\nfor await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');`
        : `const response = ${call};\nconsole.log(response);`;
  const imports = kind === 'speech' ? "import { writeFile } from 'node:fs/promises';\nimport OpenAI from 'openai';" : "import OpenAI from 'openai';";
  return `${imports}\n\nconst client = new OpenAI({ baseURL: ${JSON.stringify(baseUrl)}, apiKey: process.env.${KEY_VARIABLE} });\n\n${use}\n`;
}
