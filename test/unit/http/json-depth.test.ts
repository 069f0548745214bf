// The nesting check run on request bodies before parsing: brackets inside strings do not
// count, whatever escapes the strings hold.
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../relay/http/json-depth.js';

const deeper = (json: string, limit: number) => {
  JSON.parse(json); // every case is valid JSON
  return nestsDeeperThan(Buffer.from(json), limit);
};
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('nestsDeeperThan', () => {
  it('counts arrays and objects inside each other up to the limit', () => {
    expect(deeper(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(deeper(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(deeper('{"a":{"b":[1,{"c":[]}]}}', 5)).toBe(false);
    expect(deeper('{"a":{"b":[1,{"c":[[]]}]}}', 5)).toBe(true);
    // Siblings are not nesting.
    expect(deeper(`[${'[],'.repeat(500)}[]]`, 2)).toBe(false);
  });

  it('skips brackets inside strings, across escaped quotes and runs of backslashes', () => {
    expect(deeper('["[[[[{{{{", 1]', 1)).toBe(false);
    expect(deeper('["say \\"[[[[\\" twice", 1]', 1)).toBe(false); // escaped quotes do not end the string
    expect(deeper('["C:\\\\", [[1]]]', 3)).toBe(false); // an escaped backslash does not escape the quote after it
    expect(deeper('["C:\\\\", [[[1]]]]', 3)).toBe(true);
    expect(deeper('["\\\\\\"[[[[", 1]', 1)).toBe(false); // \\ then \": the string goes on
    expect(deeper('{"k\\"[[": "v\\\\", "x": [[1]]}', 3)).toBe(false);
    expect(deeper('{"k\\"[[": "v\\\\", "x": [[[1]]]}', 3)).toBe(true);
    expect(deeper('["é 我 😀 [[[", "\\u0022[[[", [[1]]]', 3)).toBe(false);
  });

  it('leaves what is not JSON to the parser', () => {
    expect(nestsDeeperThan(Buffer.from('["never closed [[['), 1)).toBe(false);
  });
});
