// A stand-in for the relay's management API: answers fetch() by method and path with the
// `{success, message, data}` envelope, and records every call for assertions.
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => unknown;
/** An answer: data (wrapped in a success envelope), or a failure with status and message. */
export class Failure {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

export interface FakeApi {
  calls: Call[];
  /** `"GET /api/data/self"` → handler; unknown routes answer 404. */
  on(route: string, handler: Handler | unknown): FakeApi;
}

export function stubApi(): FakeApi {
  const routes = new Map<string, Handler>();
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: Call = { method, path: url.pathname, query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const handler = routes.get(`${method} ${url.pathname}`);
    const answer = handler === undefined ? new Failure(404, `No route ${method} ${url.pathname}`) : await handler(call);
    const failed = answer instanceof Failure;
    return new Response(JSON.stringify(failed ? { success: false, message: answer.message, data: null } : { success: true, message: '', data: answer }), {
      status: failed ? answer.status : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  const api: FakeApi = {
    calls,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? (handler as Handler) : () => handler);
      return api;
    },
  };
  return api;
}
