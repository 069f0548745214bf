// A route that fails with a RelayError answers its error object with the headers the error
// names (a Retry-After must reach the client, whichever route throws it).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayRouter } from '../../../relay/http/relay-router.js';
import { RelayError } from '../../../relay/ir/relay-error.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve)))));

async function serve(router: ReturnType<typeof createRelayRouter>): Promise<string> {
  const server = createServer(router);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('relay router errors', () => {
  it('sends the headers of a thrown RelayError with its error object', async () => {
    const exact = new Map([
      ['GET /v1/slow-down', () => {
        throw new RelayError(429, 'rate_limit', 'Too many requests; try again in 7 s.', 'rate_limit_exceeded', '', { 'Retry-After': '7' });
      }],
    ]);
    const origin = await serve(createRelayRouter({ exact, patterns: [] }));
    const answer = await fetch(`${origin}/v1/slow-down`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
  });

  it('answers an unknown path 404 in the error object, without extra headers', async () => {
    const origin = await serve(createRelayRouter());
    const answer = await fetch(`${origin}/v1/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe('Invalid URL (GET /v1/nothing-here)');
  });
});
