// The secret sweep (issue 18: "after the whole suite, grep the data folder or database dump,
// the log files, process output and every API response for every secret used"). While the
// reliability suite runs, the shared helpers write down here every secret a scenario uses, every
// place a relay kept state or wrote output, and every management API answer that is not a
// reveal; after the last test the project's global teardown (test/reliability/secret-sweep-setup.ts)
// searches all of it. Places are then left for the sweep to remove. Outside that project (no
// `secretSweep` folder provided) every function here does nothing.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the secret sweep's record, outputs and answers go to (reliability project). */
    secretSweep?: string;
  }
}

export type SweptPlace =
  | { kind: 'folder'; path: string }
  | { kind: 'database'; url: string }
  | { kind: 'redis'; url: string; prefix: string };

/** One line of the record: a secret used, or a place to search (and remove). */
export type SweepEntry = { secret: string; value: string } | { place: SweptPlace };

export const RECORD_FILE = 'record.jsonl';

function sweepFolder(): string | undefined {
  try {
    return inject('secretSweep');
  } catch {
    return undefined; // not in a test worker
  }
}

const write = (entry: SweepEntry) => {
  const folder = sweepFolder();
  if (folder) appendFileSync(join(folder, RECORD_FILE), `${JSON.stringify(entry)}\n`);
  return folder !== undefined;
};

/** A secret a scenario used (`kind`: channel key, API key, password…); shorter than 8 characters is too common a string to search for. */
export function usedSecret(kind: string, value: unknown): void {
  if (typeof value === 'string' && value.length >= 8) write({ secret: kind, value });
}

/** Whether the sweep searches and then removes `place`: if so, the caller must leave it be. */
export function leftForSweep(place: SweptPlace): boolean {
  return write({ place });
}

let outputs = 0;
/** Writes a process's output (a relay's log lines, a child's stdout and stderr) where the sweep searches it. */
export function sweptOutputFile(label: string): string | undefined {
  const folder = sweepFolder();
  if (!folder) return undefined;
  const file = join(folder, `output-${process.pid}-${++outputs}-${label.replace(/\W+/g, '-')}.txt`);
  writeFileSync(file, '');
  return file;
}

/** Appends text to an output file from sweptOutputFile (nothing when there is none). */
export function appendOutput(file: string | undefined, text: string): void {
  if (file) appendFileSync(file, text);
}

// ---- relay API answers (`/v1…`), whoever called: plain fetch, an official SDK ----

const relayOrigins = new Set<string>();

/** A relay the tests started: the answers of its API are kept for the sweep (sweep-relay-answers.ts). */
export function sweptRelayOrigin(origin: string): void {
  if (sweepFolder()) relayOrigins.add(origin);
}

/**
 * Whether `url` is a swept relay's API (`/v1…`), whose answers keepAnswer then keeps. Management
 * answers are not meant: ApiClient keeps those, knowing which are reveals.
 */
export function isSweptRelayApi(url: URL): boolean {
  return relayOrigins.has(url.origin) && url.pathname.startsWith('/v1');
}

/** An answer (not a reveal) kept for the sweep to search, headers and all. */
export function keepAnswer(method: string, path: string, status: number, headers: Headers, text: string): void {
  const folder = sweepFolder();
  if (folder) appendFileSync(join(folder, `answers-${process.pid}.txt`), `${method} ${path} ${status}\n${[...headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${text}\n`);
}

// ---- management API calls (test/helpers/relay.ts ApiClient) ----

/** Options whose values are secrets (write-only on the relay). */
const SECRET_OPTION = /(secret|password)/;
const kindOfOption = (key: string) => (key.startsWith('stripe_') ? 'payment secret' : `option ${key}`);

/**
 * One management call: records the secrets its request sends (passwords, channel keys, secret
 * options) or its answer reveals (a new API key, a channel key's reveal, a TOTP seed, redemption
 * codes, the access token); every other answer is kept for the sweep to search.
 */
export function noteManagementCall(method: string, path: string, body: unknown, status: number, headers: Headers, text: string, json: any): void {
  if (!sweepFolder()) return;
  const sent = (body && typeof body === 'object' ? body : {}) as Record<string, any>;
  usedSecret('password', sent.password);
  usedSecret('password', sent.new_password);
  if (path.startsWith('/api/channel') && typeof sent.key === 'string') for (const key of sent.key.split('\n')) usedSecret('channel key', key.trim());
  const options: Record<string, unknown> = path.startsWith('/api/option') ? { ...(sent.key ? { [sent.key]: sent.value } : {}), ...(sent.values ?? {}) } : {};
  for (const [key, value] of Object.entries(options)) if (SECRET_OPTION.test(key)) usedSecret(kindOfOption(key), value);
  const revealed = revealedSecrets(method, path.split('?')[0]!, json?.data);
  for (const [kind, value] of revealed) usedSecret(kind, value);
  if (revealed.length > 0 || isReveal(method, path)) return;
  keepAnswer(method, path, status, headers, text);
}

/** Answers that show a secret to whom it belongs, once: not searched. */
const isReveal = (method: string, path: string) => method === 'POST' && /^\/api\/(channel\/[^/]+\/key|user\/2fa\/(setup|enable)|token\/?$|redemption\/?$)/.test(path);

function revealedSecrets(method: string, path: string, data: any): Array<[string, unknown]> {
  if (method === 'POST' && /^\/api\/token\/?$/.test(path)) return [['API key', typeof data?.key === 'string' ? data.key.replace(/^sk-/, '') : undefined]];
  if (method === 'POST' && /^\/api\/channel\/[^/]+\/key$/.test(path)) return [['channel key', data?.key]];
  if (method === 'POST' && path === '/api/user/2fa/setup') return [['TOTP secret', data?.secret]];
  if (method === 'POST' && /^\/api\/redemption\/?$/.test(path) && Array.isArray(data)) return data.map((code) => ['redemption code', code]);
  if (method === 'GET' && path === '/api/user/token') return [['access token', data]];
  return [];
}
