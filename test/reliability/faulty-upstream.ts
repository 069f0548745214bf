// An upstream that fails every call the same way, whatever the provider or path: the faults
// that happen before the relay could pass a byte on (the client must be served by another channel).
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { freePort } from '../helpers/free-port.js';

export const PRE_FIRST_BYTE_FAULTS = ['500', '429 retry-after', 'refused', 'reset', 'stall', 'invalid body', 'wrong content type', 'cut body'] as const;
export type PreFirstByteFault = (typeof PRE_FIRST_BYTE_FAULTS)[number];

export interface FaultyUpstream {
  url: string;
  /** Requests that reached it (0 for a refused connection: nothing listens). */
  hits: number;
  close(): Promise<void>;
}

/** `retryAfterSeconds`: what a 429 asks for (default 30). */
export async function startFaultyUpstream(fault: PreFirstByteFault, retryAfterSeconds = 30): Promise<FaultyUpstream> {
  if (fault === 'refused') return { url: `http://127.0.0.1:${await freePort()}`, hits: 0, close: async () => {} };
  const sockets = new Set<Socket>();
  const upstream: FaultyUpstream = { url: '', hits: 0, close: async () => {} };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      upstream.hits++;
      const streamed = /stream/i.test(req.url ?? '') || /"stream"\s*:\s*true/.test(body);
      switch (fault) {
        case '500':
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'internal upstream failure', type: 'server_error' } }));
        case '429 retry-after':
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) });
          return res.end(JSON.stringify({ error: { message: 'rate limited upstream', type: 'rate_limit_error' } }));
        case 'reset':
          return req.socket.destroy();
        case 'stall':
          return; // never answers: the first-byte timeout must end it
        case 'invalid body':
          res.writeHead(200, { 'content-type': streamed ? 'text/event-stream' : 'application/json' });
          return res.end(streamed ? 'this is { not an event stream\n' : '{"id": "half an object", "choices": [');
        case 'wrong content type':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html><body><h1>502 Bad Gateway</h1>nginx</body></html>');
        case 'cut body': {
          const body = JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'a'.repeat(200) } }] });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
          res.write(body.slice(0, 60));
          return setTimeout(() => req.socket.destroy(), 20);
        }
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return upstream;
}
