// A fake upstream provider: a real HTTP server on loopback that records every request and
// answers from a provider-specific script, with faults the tests can inject.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: any;
  rawBody: string;
  /** The body's bytes as they came (an upload's file). */
  rawBytes: Buffer;
}

/** Faults apply to the next matching calls (`times`, default: every call) in order. */
export type Fault =
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string>; times?: number }
  | { kind: 'delay-headers'; ms: number; times?: number }
  /** Send the headers at once and the (JSON) body `ms` later. */
  | { kind: 'delay-body'; ms: number; times?: number }
  /** Take the request and never answer. */
  | { kind: 'never-answer'; times?: number }
  /** Close the connection before any byte of the answer. */
  | { kind: 'reset-before-first-byte'; times?: number }
  /** Stream `afterChunks` chunks, then cut the connection. */
  | { kind: 'reset-after-chunks'; afterChunks: number; times?: number }
  /** Stream `afterChunks` chunks, then go silent (never end). */
  | { kind: 'stall-after-chunks'; afterChunks: number; times?: number }
  /** Answer without usage. */
  | { kind: 'no-usage'; times?: number };

export interface StreamPlan {
  /** Raw SSE chunks (each already framed, e.g. `data: {...}\n\n`). */
  chunks: string[];
  delayMs?: number;
}

export type Answer =
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { stream: StreamPlan }
  /** Anything else (binary or plain-text bodies, slow chunks): the script writes the answer itself. */
  | { respond(res: ServerResponse): Promise<void> | void };

/** The provider-specific part: turns a recorded request into an answer, honouring `noUsage`. */
export type Script = (request: RecordedRequest, options: { noUsage: boolean }) => Answer;

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  faults: Fault[];
  /** Connections closed so far (tests of client disconnect). */
  closedConnections: number;
  inject(fault: Fault): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(script: Script): Promise<FakeUpstream> {
  const sockets = new Set<Socket>();
  const upstream: FakeUpstream = {
    url: '',
    requests: [],
    faults: [],
    closedConnections: 0,
    inject(fault) {
      upstream.faults.push(fault);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const takeFault = (): Fault | undefined => {
    const fault = upstream.faults[0];
    if (!fault) return undefined;
    if (fault.times !== undefined && --fault.times <= 0) upstream.faults.shift();
    return fault;
  };

  const server = createServer(async (req, res) => {
    const rawBytes = await readBody(req);
    const rawBody = rawBytes.toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: safeJson(rawBody),
      rawBody,
      rawBytes,
    };
    upstream.requests.push(recorded);
    const fault = takeFault();
    if (fault?.kind === 'reset-before-first-byte') return req.socket.destroy();
    if (fault?.kind === 'never-answer') return;
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      return res.end(typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body));
    }
    if (fault?.kind === 'delay-headers') await sleep(fault.ms);
    const answer = script(recorded, { noUsage: fault?.kind === 'no-usage' });
    if ('json' in answer) {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      if (fault?.kind === 'delay-body') {
        res.flushHeaders();
        await sleep(fault.ms);
      }
      return res.end(JSON.stringify(answer.json));
    }
    if ('respond' in answer) return answer.respond(res);
    await writeStream(res, answer.stream, fault);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      upstream.closedConnections++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return upstream;
}

async function writeStream(res: ServerResponse, plan: StreamPlan, fault: Fault | undefined): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (let i = 0; i < plan.chunks.length; i++) {
    if (fault?.kind === 'reset-after-chunks' && i === fault.afterChunks) return void res.socket?.destroy();
    if (fault?.kind === 'stall-after-chunks' && i === fault.afterChunks) return; // never ends
    if (res.destroyed) return;
    res.write(plan.chunks[i]);
    // Each chunk leaves the process before the next (and before any fault that follows).
    await (plan.delayMs ? sleep(plan.delayMs) : new Promise((resolve) => setImmediate(resolve)));
  }
  res.end();
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `data: <json>\n\n`, optionally with an `event:` line. */
export function sse(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}
