/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonLiteral, requestCode } from '../../renderer/pages/playground/request-code.js';

const BASE = 'http://127.0.0.1:3000/v1';
const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: "it's \"quoted\" $HOME `x`" }], stream: true, stream_options: { include_usage: true }, temperature: null };

describe("the playground's request as code", () => {
  it('curl: the body survives the shell exactly, and the key is the variable, never a value', () => {
    const code = requestCode('curl', 'chat', BASE, body);
    expect(code).toContain(`curl ${BASE}/chat/completions`);
    expect(code).toContain('-H "Authorization: Bearer $RELAYDESK_API_KEY"');
    const quoted = code.slice(code.indexOf('-d ') + 3);
    expect(execFileSync('sh', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8' })).toBe(JSON.stringify(body, null, 2));
  });

  it('Python: a literal Python reads (True, None), with the OpenAI SDK and the key from the environment', () => {
    expect(pythonLiteral({ a: true, b: null, c: [1, 'x'], d: {} })).toBe('{\n    "a": True,\n    "b": None,\n    "c": [\n        1,\n        "x"\n    ],\n    "d": {}\n}');
    const code = requestCode('python', 'chat', BASE, body);
    expect(code).toContain(`client = OpenAI(base_url="${BASE}", api_key=os.environ["RELAYDESK_API_KEY"])`);
    expect(code).toContain('stream = client.chat.completions.create(**{');
  });

  it('JavaScript and the media kinds: the SDK call for each route, speech written to a file', () => {
    expect(requestCode('javascript', 'images', BASE, { model: 'dall-e-3', prompt: 'p' })).toContain('await client.images.generate({');
    const speech = requestCode('javascript', 'speech', BASE, { model: 'tts-1', input: 'hi', voice: 'alloy' });
    expect(speech).toContain('apiKey: process.env.RELAYDESK_API_KEY');
    expect(speech).toContain("await writeFile('speech.mp3'");
    expect(requestCode('curl', 'speech', BASE, { model: 'tts-1' })).toContain('--output speech.mp3');
  });
});
