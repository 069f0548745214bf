// Fetch wrapper for the management API: same origin, session cookie included, and every
// answer unwrapped from the `{success, message, data}` envelope. Anything that is not a
// success becomes an ApiError whose message is fit to show to a person.
import type { Envelope } from '../../relay/management/contract.js';

export class ApiError extends Error {
  /** HTTP status, or 0 when the relay could not be reached. */
  readonly status: number;
  /** Seconds to wait before retrying (from `Retry-After`), when the relay said so. */
  readonly retryAfter: number | null;

  constructor(message: string, status: number, retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

const TIMEOUT_MS = 15_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the management API and returns the envelope's `data`. */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError('The relay did not answer in time. Check that Relaydesk is still running, then try again.', 0);
    }
    throw new ApiError("Can't reach the Relaydesk relay. Check that it is running, then try again.", 0);
  }

  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  let envelope: Partial<Envelope<T>> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (parsed !== null && typeof parsed === 'object') envelope = parsed as Partial<Envelope<T>>;
  } catch {
    envelope = null;
  }

  if (response.status === 429) {
    throw new ApiError(tooManyAttempts(retryAfter), 429, retryAfter);
  }
  if (!response.ok || envelope === null || envelope.success !== true) {
    const message = typeof envelope?.message === 'string' && envelope.message.trim() !== '' ? envelope.message : fallbackMessage(response.status, envelope === null);
    throw new ApiError(message, response.status, retryAfter);
  }
  return envelope.data as T;
}

/** `Retry-After` is either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export function tooManyAttempts(retryAfter: number | null): string {
  if (retryAfter === null) return 'Too many attempts, try again in a few minutes.';
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function fallbackMessage(status: number, notJson: boolean): string {
  if (status === 401) return 'You are not signed in.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'The relay does not know this request. Is the console newer than the relay?';
  if (status >= 500) return `The relay ran into a problem (HTTP ${status}). Try again in a moment.`;
  if (notJson) return `The relay gave an unexpected answer (HTTP ${status}).`;
  return 'The request failed.';
}
