import type { ServerResponse } from 'node:http';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import { encodeOpenAIError } from '../protocols/openai-chat/encode-error.js';

/** A failure of a management call: rendered as `{success: false, message}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** The error object of `interface.md` (the chat completions shape): one top-level key `error`. */
export function sendRelayError(res: ServerResponse, error: RelayErrorInfo): void {
  sendJson(res, error.status, encodeOpenAIError(error), { ...error.headers });
}

export function sendEnvelopeError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { success: false, message: error.message, data: null }, error.headers);
}

export function invalidUrlMessage(method: string | undefined, url: string | undefined): string {
  return `Invalid URL (${method ?? 'GET'} ${(url ?? '/').split('?')[0]})`;
}
