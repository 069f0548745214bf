import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAnswerHeaders, RelayResponse } from '../../../relay/http/relay-response.js';

// Each path answers one way; every answer first gets the same fixed headers, as the relay's request handler adds them.
const answers: Record<string, (res: ServerResponse) => void> = {
  '/object': (res) => res.writeHead(200, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' }).end('{}'),
  '/reason': (res) => res.writeHead(201, 'Made', { 'content-type': 'text/plain' }).end('made'),
  '/set-first': (res) => {
    res.setHeader('connection', 'close');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.writeHead(403, { 'content-type': 'application/json' }).end('{}');
  },
  '/implicit': (res) => res.end('plain'),
  '/array': (res) => res.writeHead(200, ['content-type', 'text/plain', 'x-extra', '1']).end('listed'),
};
const seen: Record<string, unknown> = {};

let origin = '';
const server = createServer({ ServerResponse: RelayResponse }, (req, res) => {
  addAnswerHeaders(res, ['X-Request-Id', 'req-1'], true);
  addAnswerHeaders(res, ['X-Frame-Options', 'DENY', 'X-Content-Type-Options', 'nosniff'], true);
  answers[req.url!]!(res);
  seen[req.url!] = res.getHeader('content-type');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<{ status: number; message: string; headers: string[] }> {
  return new Promise((resolve, reject) => {
    request(origin + path, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, message: res.statusMessage!, headers: res.rawHeaders }));
    })
      .on('error', reject)
      .end();
  });
}

/** Each header name of a raw list (lower case) with its values, in order. */
function byName(raw: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < raw.length; i += 2) (out[raw[i]!.toLowerCase()] ??= []).push(raw[i + 1]!);
  return out;
}

describe('RelayResponse: the headers every answer carries', () => {
  it('sends them with an answer that writes its head with its own headers, once each, its own value winning', async () => {
    const answer = await get('/object');
    const headers = byName(answer.headers);
    expect(answer.status).toBe(200);
    expect(headers['x-request-id']).toEqual(['req-1']);
    expect(headers['x-content-type-options']).toEqual(['nosniff']);
    expect(headers['x-frame-options']).toEqual(['SAMEORIGIN']);
    expect(headers['content-type']).toEqual(['application/json']);
    expect(seen['/object']).toBe('application/json'); // what was sent can still be read (body capture does)
  });

  it('keeps a reason phrase', async () => {
    const answer = await get('/reason');
    expect([answer.status, answer.message]).toEqual([201, 'Made']);
    expect(byName(answer.headers)['x-request-id']).toEqual(['req-1']);
    expect(seen['/reason']).toBe('text/plain');
  });

  it('joins headers set before the head; one set under the same name wins', async () => {
    const answer = await get('/set-first');
    const headers = byName(answer.headers);
    expect(answer.status).toBe(403);
    expect(headers['x-frame-options']).toEqual(['SAMEORIGIN']);
    expect(headers['x-request-id']).toEqual(['req-1']);
    expect(headers['x-content-type-options']).toEqual(['nosniff']);
    expect(headers.connection).toEqual(['close']);
  });

  it('sends them with an implicit head and with a head given as a list', async () => {
    for (const path of ['/implicit', '/array']) {
      const headers = byName((await get(path)).headers);
      expect(headers['x-request-id'], path).toEqual(['req-1']);
      expect(headers['x-frame-options'], path).toEqual(['DENY']);
    }
    expect(byName((await get('/array')).headers)['x-extra']).toEqual(['1']);
  });
});
