import { Agent, Pool, ProxyAgent, Socks5ProxyAgent, buildConnector } from 'undici';
import type { Dispatcher } from 'undici';

/** More new connections to one proxy than this in a second means it is dropping them. */
const FLAPPING_CONNECTS_PER_SECOND = 500;

/**
 * A connector to a proxy that gives up when the proxy keeps closing the connection: undici
 * (7.30, nodejs/undici#3897) otherwise re-opens the CONNECT tunnel in a tight loop — a
 * thousand times a second, for ever, deaf to the abort signal — when a proxy accepts the
 * connection and drops it without an answer. Failing the connect fails the call, which
 * then goes to another channel.
 */
function flapGuardedConnector(timeout: number): buildConnector.connector {
  const connect = buildConnector({ timeout });
  let windowStart = 0;
  let count = 0;
  return (options, callback) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      count = 0;
    }
    if (++count > FLAPPING_CONNECTS_PER_SECOND) {
      const error = Object.assign(new Error('The proxy keeps closing the connection without an answer.'), { code: 'PROXY_CONNECTION_DROPPED' });
      return callback(error, null);
    }
    return connect(options, callback);
  };
}

/**
 * Connection pools for upstream calls: one keep-alive Agent for direct calls (a pool per
 * origin inside it) and one per proxy URL. Owned by the relay instance, closed with it.
 */
export class Dispatchers {
  private readonly direct: Agent;
  private readonly proxies = new Map<string, Dispatcher>();

  constructor(private readonly connectTimeoutMs: number) {
    this.direct = new Agent({ keepAliveTimeout: 30_000, connect: { timeout: connectTimeoutMs }, headersTimeout: 0, bodyTimeout: 0 });
  }

  for(proxy: string): Dispatcher {
    if (!proxy) return this.direct;
    let dispatcher = this.proxies.get(proxy);
    if (!dispatcher) {
      const url = new URL(proxy);
      if (url.protocol === 'socks5:' || url.protocol === 'socks5h:' || url.protocol === 'socks:') {
        dispatcher = new Socks5ProxyAgent(proxy, { connectTimeout: this.connectTimeoutMs, headersTimeout: 0, bodyTimeout: 0 });
      } else if (url.protocol === 'http:' || url.protocol === 'https:') {
        const connect = flapGuardedConnector(this.connectTimeoutMs);
        dispatcher = new ProxyAgent({
          uri: proxy,
          headersTimeout: 0,
          bodyTimeout: 0,
          clientFactory: (origin, options) => new Pool(origin, { ...options, connect }),
        });
      } else {
        throw new Error(`Unsupported proxy scheme ${url.protocol} (use http://, https:// or socks5://)`);
      }
      this.proxies.set(proxy, dispatcher);
    }
    return dispatcher;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.direct.close(), ...[...this.proxies.values()].map((d) => d.close())]);
  }
}
