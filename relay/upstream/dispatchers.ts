import { Agent, ProxyAgent, Socks5ProxyAgent } from 'undici';
import type { Dispatcher } from 'undici';

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
        dispatcher = new ProxyAgent({ uri: proxy, connect: { timeout: this.connectTimeoutMs }, headersTimeout: 0, bodyTimeout: 0 });
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
