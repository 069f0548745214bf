// The reservation's prompt bound must never be below what a provider counts: checked against
// the real tokenizers (o200k for gpt-4o, cl100k for gpt-4, with OpenAI's chat format) on
// varied generated texts: prose, code, JSON, non-Latin scripts, emoji, random code points.
import { encodeChat as encodeChatO200k } from 'gpt-tokenizer/model/gpt-4o';
import { encodeChat as encodeChatCl100k } from 'gpt-tokenizer/model/gpt-4';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { limitOutputTokens, MIN_OUTPUT_TOKENS, outputTokenBound, promptTokenBound } from '../../../relay/billing/token-bounds.js';
import type { ChatRequest, Message } from '../../../relay/ir/chat-request.js';

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their can has more if will would about so no what up out into than them only other time new some could these two may first then do any like my now over such our man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(' ');
const RUN = (alphabet: string) => (next: () => number, length: number) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
const codePoints = (from: number, span: number) => (next: () => number, length: number) => Array.from({ length }, () => String.fromCodePoint(from + Math.floor(next() * span))).join('');

const TEXTS: Record<string, (next: () => number, length: number) => string> = {
  prose: (next, length) => Array.from({ length: Math.ceil(length / 5) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.5 ? ' ' : ', '),
  code: (next, length) =>
    Array.from({ length: Math.ceil(length / 40) }, (_, i) => `${'  '.repeat(i % 4)}const ${RUN('abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_')(next, 8)} = await fetch(\`/api/\${id}\`, { retries: ${i} }); // TODO\n`).join(''),
  json: (next, length) => JSON.stringify(Array.from({ length: Math.ceil(length / 30) }, (_, i) => ({ id: i, uuid: RUN('0123456789abcdef')(next, 32), ok: next() < 0.5, price: next() * 1000 }))),
  base64: RUN('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
  alternating: (next, length) => Array.from({ length }, (_, i) => (i % 2 ? String(Math.floor(next() * 10)) : RUN('xyzqj')(next, 1))).join(''),
  punctuation: RUN('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ \n\t'),
  whitespace: RUN(' \n\t\r'),
  cyrillic: RUN('абвгдеёжзийклмнопрстуфхцчшщъыьэюя АБВГДЕЖЗ'),
  chinese: codePoints(0x4e00, 20_000),
  japanese: RUN('あいうえおかきくけこさしすせそたちつてとなにぬねのアイウエオ漢字日本語。、'),
  arabic: RUN('ابتثجحخدذرزسشصضطظعغفقكلمنهوي '),
  hindi: RUN('कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौं् '),
  emoji: codePoints(0x1f300, 700),
  anyPlane: codePoints(0xa0, 0x2ffff - 0xa0),
};

function mixed(next: () => number, length: number): string {
  const kinds = Object.values(TEXTS);
  let text = '';
  while (text.length < length) text += kinds[Math.floor(next() * kinds.length)]!(next, 1 + Math.floor(next() * 60));
  return text.replace(/[\ud800-\udfff]/g, 'x'); // no lone surrogates from a cut pair
}

const ROLES = ['system', 'user', 'assistant'] as const;

function request(messages: { role: (typeof ROLES)[number]; content: string; name?: string }[]): ChatRequest {
  const ir: Message[] = messages.map((m) => ({ role: m.role, content: [{ type: 'text', text: m.content }], ...(m.name ? { name: m.name } : {}) }));
  return { model: 'gpt-4o', messages: ir, stream: false };
}

describe('prompt token bound', () => {
  it('is at least the o200k and cl100k counts of the chat format, on every kind of text', () => {
    const next = random(20_260_101);
    const kinds = { ...TEXTS, mixed };
    for (const [kind, make] of Object.entries(kinds)) {
      for (let round = 0; round < 12; round++) {
        const messages = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({
          role: ROLES[Math.floor(next() * ROLES.length)]!,
          content: make(next, Math.floor(next() * 2000)),
          ...(next() < 0.2 ? { name: RUN('abcdefgh_')(next, 6) } : {}),
        }));
        const bound = promptTokenBound(request(messages));
        expect(bound, kind).toBeGreaterThanOrEqual(encodeChatO200k(messages).length);
        expect(bound, kind).toBeGreaterThanOrEqual(encodeChatCl100k(messages).length);
      }
    }
  });

  it('covers tool calls, tool results and tool definitions, and stays close for a short prompt', () => {
    const call = { type: 'tool-call' as const, id: 'call_1', name: 'get_weather', arguments: JSON.stringify({ city: 'Zürich', days: [1, 2, 3] }) };
    const result = { type: 'tool-result' as const, callId: 'call_1', content: '{"temperature": 21, "sky": "晴れ"}' };
    const parameters = { type: 'object', properties: { city: { type: 'string', description: 'Where' } } };
    const withTools: ChatRequest = {
      model: 'gpt-4o',
      stream: false,
      messages: [
        { role: 'assistant', content: [call] },
        { role: 'tool', content: [result] },
      ],
      tools: [{ name: 'get_weather', description: 'Weather for a city', parameters }],
    };
    const texts = [call.id, call.name, call.arguments, result.callId, result.content, 'get_weather', 'Weather for a city', JSON.stringify(parameters)];
    expect(promptTokenBound(withTools)).toBeGreaterThanOrEqual(texts.reduce((sum, text) => sum + o200k(text), 0) + 600);
    // "hi": OpenAI counts 8 with the chat format; the bound leaves room without being wasteful.
    const hi = promptTokenBound(request([{ role: 'user', content: 'hi' }]));
    expect(hi).toBeGreaterThanOrEqual(encodeChatO200k([{ role: 'user', content: 'hi' }]).length);
    expect(hi).toBeLessThanOrEqual(20);
  });

  it('counts a text file sent inline (a document of text/plain, csv, json …) by its bytes, like any text', () => {
    const next = random(7);
    for (const [mediaType, text] of [
      ['text/plain', mixed(next, 40_000)],
      ['text/csv', TEXTS.json!(next, 20_000)],
      ['application/json; charset=utf-8', TEXTS.json!(next, 20_000)],
    ] as const) {
      const withFile: ChatRequest = {
        model: 'gemini-2.5-flash',
        stream: false,
        messages: [{ role: 'user', content: [{ type: 'file', mediaType, data: Buffer.from(text).toString('base64') }] }],
      };
      expect(promptTokenBound(withFile), mediaType).toBeGreaterThanOrEqual(o200k(text));
    }
  });
});

describe('output token bound', () => {
  const base: ChatRequest = { model: 'm', messages: [], stream: false };

  it('is the limit the call gives (every choice), or the default when it gives none', () => {
    expect(outputTokenBound({ ...base, maxOutputTokens: 100 }, 4096)).toBe(100);
    expect(outputTokenBound({ ...base, maxOutputTokens: 100, n: 3 }, 4096)).toBe(300);
    expect(outputTokenBound(base, 4096)).toBe(4096);
    expect(outputTokenBound({ ...base, maxOutputTokens: 1 }, 4096)).toBe(MIN_OUTPUT_TOKENS);
  });

  it('includes a thinking budget that does not fit inside the limit (Anthropic raises max_tokens for it)', () => {
    expect(outputTokenBound({ ...base, maxOutputTokens: 2000, reasoning: { budgetTokens: 5000 } }, 4096)).toBe(7000);
    expect(outputTokenBound({ ...base, maxOutputTokens: 8000, reasoning: { budgetTokens: 5000 } }, 4096)).toBe(8000);
    expect(outputTokenBound({ ...base, maxOutputTokens: 500, reasoning: { effort: 'high' } }, 4096)).toBe(1524);
  });

  it('after limitOutputTokens is the lowered limit, the thinking budget lowered or dropped to fit', () => {
    const budgeted: ChatRequest = { ...base, maxOutputTokens: 8000, reasoning: { budgetTokens: 5000 } };
    limitOutputTokens(budgeted, 3000);
    expect(budgeted).toMatchObject({ maxOutputTokens: 3000, reasoning: { budgetTokens: 2999 } });
    expect(outputTokenBound(budgeted, 4096)).toBe(3000);
    const small: ChatRequest = { ...base, maxOutputTokens: 8000, reasoning: { effort: 'low' } };
    limitOutputTokens(small, 200);
    expect(small.reasoning).toBeUndefined();
    expect(outputTokenBound(small, 4096)).toBe(200);
  });
});
