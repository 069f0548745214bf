// One upstream exchange over undici's dispatch API, against a real server on loopback: the
// headers first, then the body whole or pushed chunk by chunk, and aborts that end it early
// (a reader that has enough ends quietly; one waiting for the whole body hears why).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamExchange, dispatchTarget } from '../../../relay/pipeline/upstream-exchange.js';
import { Dispatchers } from '../../../relay/upstream/dispatchers.js';

const dispatchers = new Dispatchers(2000);
let origin = '';
const server = createServer((req, res) => {
  if (req.url === '/slow') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: 1\n\n');
    return; // never ends
  }
  const body: Buffer[] = [];
  req.on('data', (chunk: Buffer) => body.push(chunk));
  req.on('end', () => {
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'retry-after': '7' });
    res.write(`{"echo":${JSON.stringify(Buffer.concat(body).toString())},`);
    setTimeout(() => res.end(`"method":"${req.method}","path":"${req.url}"}`), 5);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await dispatchers.close();
  server.closeAllConnections();
  server.close();
});

function start(path: string, body = 'hi') {
  const exchange = new UpstreamExchange();
  const started = exchange.start(dispatchers.for(''), { origin, path, method: 'POST', headers: { 'content-type': 'text/plain' }, body });
  return { exchange, started };
}

describe('an upstream exchange', () => {
  it('answers the status and headers, then the whole body', async () => {
    const { exchange, started } = start('/v1/x?y=1', 'héllo');
    await started;
    expect(exchange.status).toBe(200);
    expect(exchange.headers['retry-after']).toBe('7');
    expect(JSON.parse(await exchange.text())).toEqual({ echo: 'héllo', method: 'POST', path: '/v1/x?y=1' });
  });

  it('reads an error status like any answer', async () => {
    const { exchange, started } = start('/missing');
    await started;
    expect(exchange.status).toBe(404);
    expect(await exchange.text()).toContain('"path":"/missing"');
  });

  it('pushes the body chunk by chunk, what came before the reader first', async () => {
    const { exchange, started } = start('/chunks', 'abc');
    await started;
    const chunks: string[] = [];
    await exchange.pipe((chunk) => chunks.push(chunk.toString()));
    expect(chunks.join('')).toBe('{"echo":"abc","method":"POST","path":"/chunks"}');
  });

  it('ends a piped body quietly when aborted, and fails a whole body with the reason', async () => {
    const piped = start('/slow');
    await piped.started;
    const seen: string[] = [];
    const ended = piped.exchange.pipe((chunk) => {
      seen.push(chunk.toString());
      piped.exchange.abort(new Error('enough'));
    });
    await expect(ended).resolves.toBeUndefined();
    expect(seen).toEqual(['data: 1\n\n']);
    expect(piped.exchange.aborted).toBe(true);

    const whole = start('/slow');
    await whole.started;
    const text = whole.exchange.text();
    whole.exchange.abort(new Error('client disconnected'));
    await expect(text).rejects.toThrow('client disconnected');
  });

  it('fails the start when aborted before the headers, and when the upstream cannot be reached', async () => {
    const { exchange, started } = start('/slow-headers-never');
    exchange.abort(new Error('first byte timeout'));
    await expect(started).rejects.toThrow('first byte timeout');

    const unreachable = new UpstreamExchange();
    await expect(unreachable.start(dispatchers.for(''), { origin: 'http://127.0.0.1:1', path: '/', method: 'POST', body: 'x' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('dispatch targets', () => {
  it('split a URL as undici does: the origin, and the path with its query', () => {
    expect(dispatchTarget('https://api.example.com/v1/chat/completions')).toEqual({ origin: 'https://api.example.com', path: '/v1/chat/completions' });
    expect(dispatchTarget('http://host:8080/v1beta/models/g:streamGenerateContent?alt=sse#x')).toEqual({ origin: 'http://host:8080', path: '/v1beta/models/g:streamGenerateContent?alt=sse' });
    expect(dispatchTarget('https://example.com')).toEqual({ origin: 'https://example.com', path: '/' });
  });
});
