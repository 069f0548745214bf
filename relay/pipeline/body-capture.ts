// Request and response bodies kept with a call's log record, for a key (or a relay) that opted
// in. The answer is taken as the client receives it (the JSON, or a stream's events) by
// watching `res.write`/`res.end`, so every family is covered in one place. Kept after the
// answer ends, in the background: a call never waits on it, and a failed write loses only the
// bodies. Never kept: the caller's key (redacted wherever it appears), the channel keys an
// attempt used, Authorization and every other header but the few a replay needs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { presentedApiKey } from '../auth/api-key.js';
import type { Caller } from '../auth/api-key.js';
import type { Settings } from '../settings.js';
import type { CallBodies } from '../store/bodies/types.js';
import type { RelayDeps } from './relay-deps.js';

/** Headers kept for a replay ("copy as curl"); none of them carries a credential. */
const REPLAY_HEADERS = ['content-type', 'accept', 'anthropic-version', 'anthropic-beta', 'openai-beta'] as const;
/** Query parameters that may carry a credential (Gemini's `?key=`), left out of the kept path. */
const SECRET_PARAM = /key|token|auth|secret|sig|password/i;
/** Taken past the cap, so a key straddling the cut is still seen whole and redacted. */
const SLACK_BYTES = 1024;
export const REDACTED = '[redacted]';

export interface BodyCapture {
  /** A channel key an attempt sent upstream: redacted should an answer echo it. */
  secret(value: string | undefined): void;
}

/** Starts keeping the call's bodies when its key or the relay opted in; undefined otherwise (nothing watched). */
export function captureBodies(deps: Pick<RelayDeps, 'store' | 'log'>, req: IncomingMessage, res: ServerResponse, caller: Caller, settings: Readonly<Settings>, body: Buffer | undefined): BodyCapture | undefined {
  if (caller.token.log_bodies !== true && !settings.log_bodies_all) return undefined;
  const cap = settings.log_bodies_max_kib * 1024;
  const secrets = new Set<string>();
  const key = presentedApiKey(req);
  if (key) secrets.add(key);
  const answer = teeAnswer(res, cap + SLACK_BYTES);
  const notKept = (error: unknown) => deps.log.error(`call bodies of ${req.requestId} not kept: ${(error as Error)?.message ?? error}`);
  res.once('close', () => {
    try {
      const request = body ? cut(body, cap, secrets) : '[a form upload: not kept]';
      const response = cut(answer.kept(), cap, secrets, answer.total());
      const bodies: CallBodies = {
        request_id: req.requestId,
        created_at: Date.now(),
        user_id: caller.user.id,
        token_id: caller.token.id,
        method: req.method ?? 'POST',
        path: redact(keptPath(req.url ?? '/'), secrets),
        headers: replayHeaders(req),
        request,
        request_bytes: body?.length ?? (Number(req.headers['content-length']) || 0),
        status: res.statusCode,
        response_type: String(res.getHeader('content-type') ?? ''),
        response,
        response_bytes: answer.total(),
      };
      deps.store.bodies.put(bodies).catch(notKept);
    } catch (error) {
      notKept(error);
    }
  });
  return {
    secret(value) {
      if (value) secrets.add(value);
    },
  };
}

type Chunk = string | Uint8Array;

/** Keeps a copy of the first `limit` bytes the client is sent and counts them all. */
function teeAnswer(res: ServerResponse, limit: number): { kept(): Buffer; total(): number } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const coding = typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8';
    // Past the cap only counted: a long stream is not copied.
    if (kept >= limit) return void (total += typeof chunk === 'string' ? Buffer.byteLength(chunk, coding) : (chunk as Uint8Array).byteLength);
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, coding) : Buffer.from(chunk as Uint8Array);
    total += bytes.length;
    const part = bytes.length > limit - kept ? bytes.subarray(0, limit - kept) : bytes;
    chunks.push(part);
    kept += part.length;
  };
  const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: Chunk, ...rest: unknown[]) => {
    take(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    take(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  return { kept: () => Buffer.concat(chunks), total: () => total };
}

/** The text of `bytes` with every secret redacted, cut at `cap` bytes with a marker saying how much was cut. */
export function cut(bytes: Buffer, cap: number, secrets: ReadonlySet<string>, total = bytes.length): string {
  const text = redact(bytes.subarray(0, cap + SLACK_BYTES).toString('utf8'), secrets);
  if (total <= cap && Buffer.byteLength(text) <= cap) return text;
  // Cut on the redacted text, at a whole character (a lone surrogate would not survive JSON).
  let shown = Buffer.from(text).subarray(0, cap).toString('utf8');
  if (shown.endsWith('\uFFFD')) shown = shown.slice(0, -1);
  return `${shown}\n[… ${Math.max(0, total - cap).toLocaleString('en-US')} more bytes not kept: the body was ${total.toLocaleString('en-US')} bytes, kept up to ${cap.toLocaleString('en-US')}]`;
}

export function redact(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** The path as called, without the query parameters that may carry a credential. */
function keptPath(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) if (SECRET_PARAM.test(name)) params.delete(name);
  const query = params.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

function replayHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAY_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string' && value) headers[name] = value;
  }
  return headers;
}
