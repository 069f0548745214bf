// Local token counting (count_tokens, :countTokens, answers without usage): the real
// tokenizer's count on ordinary text, linear time and a free event loop on anything else.
import { readFileSync } from 'node:fs';
import { countTokens as realCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../relay/billing/estimate-tokens.js';
import { LONG_RUN, tokenPieces } from '../../../relay/billing/token-pieces.js';

/** A deterministic mix of everything o200k's pre-tokenisation tells apart. */
function mixedText(seed: number, length: number): string {
  const atoms = ['word', 'Word', 'WORD', "it's", '42', '12345', ' ', '  ', '\t', '\n', '\r\n', '\n\n', ' \n', '.', '...', ',', '!?', '/', '(', ')', '{', '}', 'é', 'ñandú', '我们的', '世界', '😀', 'x̃', '-->', '//', ' - '];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  let text = '';
  while (text.length < length) text += atoms[Math.floor(next() * atoms.length)];
  return text;
}

function sumOfPieces(text: string, pieceChars: number): number {
  let total = 0;
  for (const piece of tokenPieces(text, pieceChars, Infinity)) {
    if ('estimate' in piece) throw new Error('ordinary text should not be estimated');
    total += realCount(piece.text);
  }
  return total;
}

describe('countTokens', () => {
  it("counts ordinary text exactly as the tokenizer does on the whole: prose, code, tables, CJK, emoji", async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const source = readFileSync(new URL('../../../relay/pipeline/call-lifecycle.ts', import.meta.url), 'utf8');
    const cjk = '我们的世界很大，你好。\n日本語の文章も数えます。'.repeat(40);
    for (const text of [readme, source, cjk, `${readme}\n\n${cjk} 😀😀 ${source}`]) {
      expect(await countTokens(text)).toBe(realCount(text));
    }
  });

  it('cuts its pieces only where the tokenizer ends a chunk (any piece size, any mix of words, spaces, breaks and symbols)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const text = mixedText(seed, 3_000);
      for (const pieceChars of [1, 7, 64]) expect(sumOfPieces(text, pieceChars), `seed ${seed}, pieces of ${pieceChars}`).toBe(realCount(text));
    }
  });

  it('counts 5 MB of one word within a second, near one token per 4 characters', async () => {
    const word = 'a1b2c3d4e5'.repeat(500_000);
    const startedAt = performance.now();
    const count = await countTokens(`count this: ${word} please`);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(count).toBeGreaterThan(word.length / 5);
    expect(count).toBeLessThan(word.length / 3);
  });

  it('estimates long runs by their UTF-8 size, so CJK without spaces is not undercounted', async () => {
    const run = '我们的世界很大'.repeat(1_000);
    expect(run.length).toBeGreaterThan(LONG_RUN);
    const count = await countTokens(run);
    expect(count).toBeGreaterThanOrEqual(realCount(run.slice(0, 700)) * 10);
  });

  it('lets other work run while it counts megabytes (no pause of more than a few tens of ms)', async () => {
    const text = `${mixedText(7, 200_000)} ${'z'.repeat(3_000_000)} `.repeat(5);
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    await countTokens('warm the tokenizer up');
    last = performance.now();
    await countTokens(text);
    clearInterval(ticker);
    expect(longestGap).toBeLessThan(100);
  });
});
