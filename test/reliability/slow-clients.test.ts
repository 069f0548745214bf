// Slow-loris clients (issue 18): headers or a body trickled a few bytes at a time. The relay
// cuts each with 408 once its time is up (relay/server.ts CLIENT_TIMEOUTS, shortened here so
// the run stays short) and keeps answering everyone else meanwhile.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLIENT_TIMEOUTS } from '../../relay/server.js';
import { controlProbe, fuzzGateway, MODELS } from './fuzz-gateway.js';
import { recordFigure, STORES } from './stores.js';

const SHORT = { headersMs: 1_000, requestMs: 3_000, checkEveryMs: 250 };
const CLIENTS = 40;

interface Trickled {
  status: number;
  /** From the first byte sent to the socket's close by the relay. */
  closedAfterMs: number;
}

/** Sends `head`, then `drip` every `everyMs` until the relay closes the socket (or `giveUpMs`). */
function trickle(origin: string, head: string, drip: string, everyMs: number, giveUpMs = 30_000): Promise<Trickled> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), closedAfterMs: Math.round(performance.now() - started) });
    };
    const giveUp = setTimeout(finish, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write(drip), everyMs);
    });
    socket.on('data', (chunk) => void (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', finish);
  });
}

const headersTrickle = (origin: string, giveUpMs?: number) =>
  trickle(origin, `POST /v1/chat/completions HTTP/1.1\r\nHost: ${new URL(origin).host}\r\n`, 'X-Slow: 1\r\n', 200, giveUpMs);

const bodyTrickle = (origin: string, key: string) =>
  trickle(
    origin,
    `POST /v1/chat/completions HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"model":"${MODELS.chat}","messages":[`,
    ' ',
    200,
  );

describe.each(STORES)('slow clients ($name store)', (store) => {
  it(`${CLIENTS} clients trickling headers and ${CLIENTS} trickling bodies are cut with 408 in time, and others are answered meanwhile`, async () => {
    const gateway = await fuzzGateway(store, { clientTimeouts: SHORT });
    const probe = controlProbe(gateway);
    const slow = await Promise.all([
      ...Array.from({ length: CLIENTS }, () => headersTrickle(gateway.relay.origin)),
      ...Array.from({ length: CLIENTS }, () => bodyTrickle(gateway.relay.origin, gateway.key)),
    ]);
    const control = await probe.stop();
    const headers = slow.slice(0, CLIENTS);
    const bodies = slow.slice(CLIENTS);
    const worstCut = Math.max(...slow.map((s) => s.closedAfterMs));
    await recordFigure({
      scenario: 'slow-loris clients (headers or body trickled)',
      store: store.name,
      runs: 1,
      cases: slow.length,
      held: `${slow.filter((s) => s.status === 408).length} of ${slow.length} cut with 408; ${control.calls - control.failures} of ${control.calls} control calls answered`,
      worst: `a slow client held ${worstCut} ms (limits ${SHORT.headersMs}/${SHORT.requestMs} ms); control call ${control.worstMs} ms`,
    });
    expect(headers.map((s) => s.status)).toEqual(headers.map(() => 408));
    expect(bodies.map((s) => s.status)).toEqual(bodies.map(() => 408));
    // Cut after its time is up, not long after: the limit plus a check interval plus slack.
    for (const s of headers) expect(s.closedAfterMs).toBeGreaterThanOrEqual(SHORT.headersMs - 50);
    for (const s of headers) expect(s.closedAfterMs).toBeLessThan(SHORT.headersMs + SHORT.checkEveryMs + 1_500);
    for (const s of bodies) expect(s.closedAfterMs).toBeLessThan(SHORT.requestMs + SHORT.checkEveryMs + 1_500);
    expect(control.failures).toBe(0);
    expect(control.calls).toBeGreaterThan(5);
    expect(control.worstMs).toBeLessThan(2_000);
  });
});

describe('slow clients with the default limits', () => {
  it(`are cut after ${CLIENT_TIMEOUTS.headersMs / 1000} s of trickled headers (Node's own default would wait 60 s and check every 30 s)`, async () => {
    expect(CLIENT_TIMEOUTS.requestMs).toBeLessThanOrEqual(300_000);
    expect(CLIENT_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(5_000);
    const gateway = await fuzzGateway(STORES[0]!);
    const slow = await headersTrickle(gateway.relay.origin, CLIENT_TIMEOUTS.headersMs + 10_000);
    expect(slow.status).toBe(408);
    expect(slow.closedAfterMs).toBeLessThan(CLIENT_TIMEOUTS.headersMs + CLIENT_TIMEOUTS.checkEveryMs + 1_500);
  }, 60_000);
});
