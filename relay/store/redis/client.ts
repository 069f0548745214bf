import { randomBytes } from 'node:crypto';
import { parseServerUrl, withoutPassword } from '../server-url.js';
import { hostname } from 'node:os';
import { Redis, type RedisOptions } from 'ioredis';
import { RelayError } from '../../ir/relay-error.js';

// One installation's connection to Redis: the URL's server, a key prefix that keeps the
// installation's keys apart from anything else on that server, and this instance's id (the
// owner of its quota reservations). Every key is built here (`key()`), and connection
// failures become one clear error naming host:port, never the URL (it may hold a password).

export interface RedisClientOptions {
  /** Put in front of every key; default `relaydesk:`. */
  prefix?: string;
  /** This instance's id; default host name, process id and a random part. */
  instance?: string;
  /** How long to wait for a TCP connection (ms); default 3 s. */
  connectTimeoutMs?: number;
  /**
   * How long a connection may stay silent while commands wait for their answers (ms) before it
   * is taken for lost, dropped and made again; default 5 s. A server host that vanished
   * without closing its connections would otherwise hold them until TCP gives up (minutes).
   */
  silenceTimeoutMs?: number;
}

export class RedisClient {
  /** The connection for commands and scripts (not for SUBSCRIBE: see `subscriber()`). */
  readonly redis: Redis;
  readonly prefix: string;
  readonly instance: string;
  /** `host:port`: what messages name (the URL may hold a password). */
  readonly where: string;
  private readonly connectTimeoutMs: number;
  private readonly silenceTimeoutMs: number;
  private lastError: Error | undefined;
  private readonly extra = new Set<Redis>();

  constructor(
    private readonly url: string,
    options: RedisClientOptions = {},
  ) {
    this.where = redisAddress(url);
    this.prefix = options.prefix ?? 'relaydesk:';
    this.instance = options.instance ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 3_000;
    this.silenceTimeoutMs = options.silenceTimeoutMs ?? 5_000;
    this.redis = this.connection();
  }

  /** The key `prefix + parts joined by ':'`. */
  key(...parts: Array<string | number>): string {
    return this.prefix + parts.join(':');
  }

  /** Another connection to the same server, closed with this client: a pub/sub subscriber. */
  subscriber(): Redis {
    const connection = this.connection();
    this.extra.add(connection);
    return connection;
  }

  /**
   * Rethrows `error`, a connection failure as a 503 naming host:port (a Redis reply error,
   * such as a script's, as it is). Use as `.catch(client.failed)`.
   */
  readonly failed = (error: unknown): never => {
    throw this.explain(error);
  };

  explain(error: unknown): unknown {
    if (error instanceof RelayError || !(error instanceof Error)) return error;
    if (error.name === 'ReplyError' && !/^(NOAUTH|WRONGPASS|LOADING|MASTERDOWN)/.test(error.message)) return error;
    const reason = withoutPassword(this.lastError?.message ?? error.message, this.url);
    return new RelayError(503, 'overloaded', `Redis at ${this.where} is unavailable: ${reason}`, 'store_unavailable');
  }

  /** Waits for the connection (at start, to fail early and clearly); commands connect on their own too. */
  async ready(): Promise<void> {
    await this.redis.ping().catch(this.failed);
  }

  async close(): Promise<void> {
    for (const connection of [this.redis, ...this.extra]) connection.disconnect();
    this.extra.clear();
  }

  private connection(): Redis {
    const options: RedisOptions = {
      lazyConnect: true,
      connectTimeout: this.connectTimeoutMs,
      socketTimeout: this.silenceTimeoutMs,
      // While Redis is down a command fails at once (503) rather than hold a call: commands
      // made before the first connection wait for it (start-up), later ones are refused while
      // disconnected (the offline queue is turned off at the first 'ready'), and those in
      // flight when the connection drops fail then and are never sent again (a quota script
      // that may have run must not run twice). Reconnecting goes on, up to every second.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times - 1, 5), 1_000),
    };
    const connection = new Redis(this.url, options);
    connection.on('error', (error: Error) => (this.lastError = error));
    // Closed without an error (the server went away cleanly): say so, not ioredis's queue message.
    connection.on('close', () => (this.lastError ??= new Error('the connection was lost')));
    connection.on('ready', () => {
      this.lastError = undefined;
      connection.options.enableOfflineQueue = false;
    });
    return connection;
  }
}

/** `host:port` of a `redis://` or `rediss://` URL (port 6379 when absent); throws, without the URL, when it is none. */
export function redisAddress(url: string): string {
  const parsed = parseServerUrl(url, 'Redis', ['redis', 'rediss'], 'redis://[user:password@]host[:port][/db]');
  return `${parsed.hostname || '127.0.0.1'}:${parsed.port || '6379'}`;
}
