// Bad input for the fuzzing scenarios (issue 18), as fast-check arbitraries: bodies built from a
// route's well-formed example by breaking it (malformed JSON, wrong types, huge strings and
// arrays, deep nesting, invalid UTF-8), and multipart forms with fields duplicated or missing.
import fc from 'fast-check';

/**
 * fast-check's options for one route: `runs` cases, stopping at the first failure. FUZZ_SEED
 * pins the seed (.ci/run does: a gate must not fail on a case no one has seen yet; every other
 * run draws new cases, and a failure prints its seed and path to replay it).
 */
export function fuzzRuns(runs: number): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED;
  return { numRuns: runs, endOnFailure: true, ...(seed ? { seed: Number(seed) } : {}) };
}

export interface RawBody {
  /** What kind of damage, for the counts and for a failure's message. */
  kind: string;
  bytes: Buffer;
  contentType: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in `value` (object keys and array indices), the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...pathsOf((value as any)[key], [...prefix, key])]);
}

function replaced(base: Json, path: (string | number)[], next: unknown): unknown {
  const copy = structuredClone(base) as any;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key];
  if (next === DELETE) {
    if (Array.isArray(at)) at.splice(path.at(-1) as number, 1);
    else delete at[path.at(-1)!];
  } else at[path.at(-1)!] = next;
  return copy;
}

const DELETE = Symbol('delete');

/** Nesting `depth` deep of arrays or objects, as JSON text (built as text: JSON.stringify would recurse). */
function nestedText(depth: number, objects: boolean): string {
  return objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
}

/** A failing case printed short: a 4 MB body in a failure message helps no one. */
function raw(kind: string, bytes: Buffer, contentType: string): RawBody {
  const shown = `${bytes.subarray(0, 160).toString('latin1')}${bytes.length > 160 ? '…' : ''}`;
  return { kind, bytes, contentType, [fc.toStringMethod]: () => `${kind}, ${contentType}, ${bytes.length} bytes: ${JSON.stringify(shown)}` } as RawBody;
}

const json = (value: unknown, kind: string): RawBody => raw(kind, Buffer.from(JSON.stringify(value)), 'application/json');

/** A value of some type other than the one expected (and the odd ones: NaN-like, negative, empty). */
const wrongValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, -1e308, 1e308, 2 ** 53 + 1, '', ' ', '-1', 'NaN', [], {}, [null], { '': null }, '__proto__'),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Broken variants of the well-formed JSON body `base`. */
export function brokenJson(base: Record<string, Json>): fc.Arbitrary<RawBody> {
  const paths = pathsOf(base);
  const text = JSON.stringify(base);
  const path = fc.constantFrom(...paths);
  return fc.oneof(
    // malformed JSON: cut short, a byte changed, random text, empty
    fc.integer({ min: 0, max: text.length - 1 }).map((at) => raw('malformed JSON', Buffer.from(text.slice(0, at)), 'application/json')),
    fc.tuple(fc.integer({ min: 0, max: text.length - 1 }), fc.constantFrom('"', '{', '}', ',', ':', '\\', '\u0000', ']')).map(([at, c]) => raw('malformed JSON', Buffer.from(text.slice(0, at) + c + text.slice(at + 1)), 'application/json')),
    fc.string({ maxLength: 200 }).map((s) => raw('malformed JSON', Buffer.from(s), 'application/json')),
    fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map((v) => json(v, 'not an object')),
    // wrong types, missing and unknown fields
    fc.tuple(path, wrongValue).map(([p, v]) => json(replaced(base, p, v), 'wrong type')),
    fc.tuple(path, wrongValue, wrongValue).map(([p, v, w]) => json(replaced(replaced(base, p, v) as Json, [p[0]!], w), 'wrong type')),
    path.map((p) => json(replaced(base, p, DELETE), 'missing field')),
    fc.tuple(fc.string({ maxLength: 20 }), wrongValue).map(([k, v]) => json({ ...base, [k]: v }, 'unknown field')),
    // huge strings and arrays (well under the 128 MB limit: it has its own case)
    fc.tuple(path, fc.integer({ min: 100_000, max: 1_000_000 })).map(([p, n]) => json(replaced(base, p, 'x'.repeat(n)), 'huge string')),
    fc.tuple(path, fc.integer({ min: 1_000, max: 100_000 }), fc.jsonValue({ maxDepth: 1 })).map(([p, n, v]) => json(replaced(base, p, Array(n).fill(v)), 'huge array')),
    // deep nesting, as text
    fc.tuple(fc.constantFrom(...Object.keys(base)), fc.integer({ min: 50, max: 200_000 }), fc.boolean()).map(([key, depth, objects]) => {
      const marker = '"__nest__"';
      const shell = JSON.stringify({ ...base, [key]: '__nest__' });
      return raw('deep nesting', Buffer.from(shell.replace(marker, nestedText(depth, objects))), 'application/json');
    }),
    // invalid UTF-8 bytes inside the text (in a string or between tokens)
    fc.tuple(fc.integer({ min: 0, max: text.length }), fc.uint8Array({ minLength: 1, maxLength: 8 })).map(([at, bytes]) =>
      raw('invalid UTF-8', Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(bytes.map((b) => b | 0x80)), Buffer.from(text.slice(at))]), 'application/json'),
    ),
    // the right body under another content type
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '', 'application/json; charset=latin1').map((contentType) => raw('content type', Buffer.from(text), contentType)),
  );
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

export function multipart(parts: Part[], boundary = 'fuzzboundary7MA4YWxk'): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}\r\n` +
        (part.type ? `Content-Type: ${part.type}\r\n` : '') +
        '\r\n',
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** Broken variants of the well-formed form `parts`. */
export function brokenForm(parts: Part[]): fc.Arbitrary<RawBody> {
  const type = 'multipart/form-data; boundary=fuzzboundary7MA4YWxk';
  const form = (p: Part[], kind: string): RawBody => raw(kind, multipart(p), type);
  const index = fc.integer({ min: 0, max: parts.length - 1 });
  const garbage = fc.oneof(
    fc.string({ maxLength: 50 }).map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    fc.constantFrom(Buffer.from(''), Buffer.from('-1'), Buffer.from('NaN'), Buffer.from('{"a":'), Buffer.from([0xff, 0xfe, 0x00])),
  );
  const whole = multipart(parts);
  return fc.oneof(
    fc.tuple(index, fc.integer({ min: 2, max: 50 })).map(([i, n]) => form([...parts, ...Array(n - 1).fill(parts[i]!)], 'duplicated field')),
    index.map((i) => form(parts.filter((_, j) => j !== i), 'missing field')),
    fc.constant(form([], 'missing field')),
    fc.tuple(index, garbage).map(([i, data]) => form(parts.map((p, j) => (j === i ? { ...p, data } : p)), 'wrong value')),
    fc.tuple(index, fc.string({ maxLength: 30 })).map(([i, name]) => form(parts.map((p, j) => (j === i ? { ...p, name } : p)), 'renamed field')),
    fc.tuple(index, fc.constantFrom(undefined, '', '../../etc/passwd', 'a"b.wav', 'x'.repeat(5_000))).map(([i, filename]) =>
      form(parts.map((p, j) => (j === i ? { ...p, filename } : p)), 'odd filename'),
    ),
    fc.tuple(index, fc.integer({ min: 100_000, max: 2_000_000 })).map(([i, n]) => form(parts.map((p, j) => (j === i ? { ...p, data: Buffer.alloc(n, 0x61) } : p)), 'huge field')),
    fc.integer({ min: 0, max: whole.length - 1 }).map((at) => raw('cut short', whole.subarray(0, at), type)),
    fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other', 'application/json', 'text/plain').map((contentType) => raw('wrong boundary or type', whole, contentType)),
    fc.integer({ min: 200, max: 5_000 }).map((n) => form(Array.from({ length: n }, (_, i) => ({ name: `f${i}`, data: Buffer.from('v') })), 'many fields')),
  );
}

/** Odd strings for path segments and query values. */
export const oddSegment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('0', '-1', '1e309', '9'.repeat(400), '%00', '%ff%fe', '..%2F..%2Fetc', 'null', 'undefined', '__proto__', 'constructor', ' ', '%E2%80%AE'),
  fc.integer().map(String),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'a'.repeat(n)),
);
