// The management API client: same origin, session cookie included, and every answer
// unwrapped from the `{success, message, data}` envelope. Paths, path parameters, query,
// body and answer types all come from the OpenAPI document (openapi.gen.ts, `npm run
// gen:api`), so calling a path the relay does not have is a compile error. Anything that
// is not a success becomes an ApiError whose message is fit to show to a person.
import type { Envelope } from '../../relay/management/contract.js';
import type { paths } from './openapi.gen.js';
import { i18n } from '../i18n/index.js';

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

// Types from the document ------------------------------------------------------------------

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
/** Every path of the document, as it spells them (`/api/channel/{id}`). */
export type ApiPath = keyof paths;

/** The operation at a path and method (never when the document has none). */
export type Operation<P extends ApiPath, M extends HttpMethod> = Exclude<paths[P][M], undefined>;

type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type Answer200<Op> = Op extends { responses: { 200: infer R } } ? JsonOf<R> : never;

/** Paths with this method answering the envelope (not the CSV exports or the document itself). */
export type EnvelopePath<M extends HttpMethod> = {
  [P in ApiPath]: [Answer200<Operation<P, M>>] extends [never] ? never : Answer200<Operation<P, M>> extends { success: boolean; data: unknown } ? P : never;
}[ApiPath];

/** The envelope's `data` for a call. */
export type ApiData<P extends ApiPath, M extends HttpMethod> = Answer200<Operation<P, M>> extends { data: infer D } ? D : never;
/** The JSON request body of a call. */
export type ApiBody<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { requestBody: infer B } ? JsonOf<B> : never;
/** The query parameters of a call. */
export type ApiQuery<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
/** The path parameters of a call (`{ id }` for `/api/channel/{id}`); numbers are welcome. */
export type ApiParams<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { parameters: { path: infer A } } ? { [K in keyof A]: string | number } : never;

type ParamsPart<P extends ApiPath, M extends HttpMethod> = [ApiParams<P, M>] extends [never] ? { params?: never } : { params: ApiParams<P, M> };
type QueryPart<P extends ApiPath, M extends HttpMethod> = [ApiQuery<P, M>] extends [never] ? { query?: never } : { query?: ApiQuery<P, M> };
/** `headers`: more request headers (a security verification's proof). */
export type CallOptions<P extends ApiPath, M extends HttpMethod> = ParamsPart<P, M> & QueryPart<P, M> & { headers?: Record<string, string> };

/** The options argument: required when the path has parameters to fill. */
type OptionsArgs<P extends ApiPath, M extends HttpMethod> = [ApiParams<P, M>] extends [never] ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];
/** The body, then the options; a call without a body passes `undefined` when it needs options. */
type BodyArgs<P extends ApiPath, M extends HttpMethod> = [ApiBody<P, M>] extends [never]
  ? [ApiParams<P, M>] extends [never]
    ? [body?: undefined, options?: CallOptions<P, M>]
    : [body: undefined, options: CallOptions<P, M>]
  : [body: ApiBody<P, M>, ...OptionsArgs<P, M>];

/** The typed client: `api.get('/api/channel/{id}', { params: { id } })`, `api.post('/api/token', body)`. */
export const api = {
  get<P extends EnvelopePath<'get'>>(path: P, ...[options]: OptionsArgs<P, 'get'>): Promise<ApiData<P, 'get'>> {
    return send('GET', buildUrl(path, options as UrlOptions), undefined, (options as UrlOptions)?.headers);
  },
  delete<P extends EnvelopePath<'delete'>>(path: P, ...[options]: OptionsArgs<P, 'delete'>): Promise<ApiData<P, 'delete'>> {
    return send('DELETE', buildUrl(path, options as UrlOptions), undefined, (options as UrlOptions)?.headers);
  },
  post<P extends EnvelopePath<'post'>>(path: P, ...[body, options]: BodyArgs<P, 'post'>): Promise<ApiData<P, 'post'>> {
    return send('POST', buildUrl(path, options as UrlOptions), body, (options as UrlOptions)?.headers);
  },
  put<P extends EnvelopePath<'put'>>(path: P, ...[body, options]: BodyArgs<P, 'put'>): Promise<ApiData<P, 'put'>> {
    return send('PUT', buildUrl(path, options as UrlOptions), body, (options as UrlOptions)?.headers);
  },
};

type UrlOptions = { params?: Record<string, string | number>; query?: Record<string, unknown>; headers?: Record<string, string> } | undefined;

/**
 * A document path with its parameters filled and its query appended, for calls and for
 * plain links (the CSV downloads). Empty and undefined query values are left out.
 */
export function apiUrl<P extends ApiPath>(path: P, ...[options]: OptionsArgs<P, 'get'>): string {
  return buildUrl(path, options as UrlOptions);
}

function buildUrl(path: string, options: UrlOptions): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options?.params?.[name];
    if (value === undefined) throw new Error(`apiUrl: no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options?.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

// The session ---------------------------------------------------------------------------------

/** What the console says when it returns to sign-in because the session is gone (in the console's language). */
export function sessionEnded(): string {
  return i18n.t('common:shell.sessionEnded');
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the relay answers 401 "not signed in" (the session expired or was
 * signed out elsewhere); a wrong password at sign-in does not count. Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Tells the app the session is gone (for calls made outside this client, such as the playground's stream). */
export function notifySessionEnded(): void {
  for (const listener of [...sessionEndedListeners]) listener();
}

const SIGN_IN_PATH: ApiPath = '/api/user/login';

// Transport ----------------------------------------------------------------------------------

const TIMEOUT_MS = 15_000;

async function send<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
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
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(i18n.t('common:errors.timeout'), 0);
    }
    throw new ApiError(i18n.t('common:errors.unreachable'), 0);
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
  if (response.status === 401 && !url.startsWith(SIGN_IN_PATH)) notifySessionEnded();
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
  if (retryAfter === null) return i18n.t('common:errors.tooMany');
  return i18n.t('common:errors.tooManyIn', { count: Math.max(1, Math.ceil(retryAfter / 60)) });
}

function fallbackMessage(status: number, notJson: boolean): string {
  if (status === 401) return i18n.t('common:errors.notSignedIn');
  if (status === 403) return i18n.t('common:errors.forbidden');
  if (status === 404) return i18n.t('common:errors.notFound');
  if (status >= 500) return i18n.t('common:errors.server', { status });
  if (notJson) return i18n.t('common:errors.unexpected', { status });
  return i18n.t('common:errors.failed');
}
