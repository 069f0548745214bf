import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ChatRequest } from '../ir/chat-request.js';
import { affinityKey } from '../routing/affinity.js';
import type { AffinityTarget, SessionAffinities } from '../store/ports.js';

/**
 * The coding-agent session a chat call belongs to, as its client tells it: Claude Code's
 * `x-claude-code-session-id` header (or the session in its `metadata.user_id`), Codex's
 * `prompt_cache_key` (or its `session-id` header), an OpenAI `user`. Gemini CLI, on an API
 * key, sends no session id: its calls are told apart by their prefix (system instruction and
 * first message), which is what its cache is keyed by anyway. Undefined: no session.
 */
export function chatSession(request: ChatRequest, req: IncomingMessage): string | undefined {
  const header = headerText(req, 'x-claude-code-session-id') ?? headerText(req, 'session-id') ?? headerText(req, 'session_id');
  if (header) return header;
  if (request.promptCacheKey) return request.promptCacheKey;
  if (request.user) return sessionInUserId(request.user);
  if (headerText(req, 'user-agent')?.startsWith('GeminiCLI')) return prefixFingerprint(request);
  return undefined;
}

/**
 * Claude Code's `metadata.user_id`: JSON with a `session_id` (current versions), or
 * `user_<hash>_account_<uuid>_session_<uuid>` (earlier ones); anything else is taken whole.
 */
function sessionInUserId(userId: string): string {
  if (userId.startsWith('{')) {
    try {
      const parsed = JSON.parse(userId) as { session_id?: unknown };
      if (typeof parsed.session_id === 'string' && parsed.session_id !== '') return parsed.session_id;
    } catch {
      // not JSON after all: taken whole
    }
  }
  return /_session_([\w-]+)$/.exec(userId)?.[1] ?? userId;
}

function prefixFingerprint(request: ChatRequest): string {
  const firstUser = request.messages.findIndex((m) => m.role === 'user');
  const prefix = request.messages.slice(0, firstUser + 1);
  return `prefix:${createHash('sha256').update(JSON.stringify(prefix)).digest('base64url')}`;
}

function headerText(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text.slice(0, 200) : undefined;
}

/** A call's affinity: its session's map key, and the target remembered for it (if any). */
export interface CallAffinity {
  key: string;
  ttlMs: number;
  target: AffinityTarget | undefined;
}

/** How a served call stood to its session's affinity, for its log: stuck to the target, moved off it, or a first stick. */
export type AffinityOutcome = 'hit' | 'moved' | 'new';

/**
 * The affinity of a call of `session` by `tokenId` for `model`; undefined at once when it has
 * no session or affinity is off (`ttlSeconds` 0). A store that cannot answer leaves the call
 * without affinity rather than failing it.
 */
export function recallAffinity(
  affinities: SessionAffinities,
  ttlSeconds: number,
  who: { tokenId: number; userId: number; model: string; session: string | undefined },
  onError: (error: unknown) => void,
): Promise<CallAffinity> | undefined {
  if (!who.session || ttlSeconds <= 0) return undefined;
  return recall(affinities, affinityKey(who, who.session), ttlSeconds, onError);
}

async function recall(affinities: SessionAffinities, key: string, ttlSeconds: number, onError: (error: unknown) => void): Promise<CallAffinity> {
  const ttlMs = ttlSeconds * 1000;
  const target = await affinities.recall(key, ttlMs).catch((error: unknown) => void onError(error));
  return { key, ttlMs, target: target ?? undefined };
}

/** Remembers the target that served the call (renewing it when it is the same) and tells how the call stood. */
export async function stickAffinity(affinities: SessionAffinities, affinity: CallAffinity, served: AffinityTarget, onError: (error: unknown) => void): Promise<AffinityOutcome> {
  const { target } = affinity;
  const same = target !== undefined && target.channelId === served.channelId && target.keyIndex === served.keyIndex;
  if (!same) await affinities.remember(affinity.key, served, affinity.ttlMs).catch(onError);
  return same ? 'hit' : target ? 'moved' : 'new';
}
