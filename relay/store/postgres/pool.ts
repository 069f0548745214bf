import pg from 'pg';
import { parseServerUrl, withoutPassword } from '../server-url.js';
import { RelayError } from '../../ir/relay-error.js';

// One installation's PostgreSQL: a pg Pool from a postgres:// URL. Failures to reach the
// server become one clear error naming host:port/database, never the URL (it may hold a
// password). bigint and numeric values are read as JavaScript numbers: every id, count and
// sum the relay keeps is a safe integer (or a double it wrote).

export interface PostgresOptions {
  /** Connections at most (default 10). */
  max?: number;
  /** How long to wait for a connection (ms); default 5 s. */
  connectTimeoutMs?: number;
  /** An idle connection's failure (the server restarted): reported, never thrown (default: ignored). */
  onError?: (error: Error) => void;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** SQLSTATE classes of "the server is not there" (connection exception, shutdown, too many connections). */
const UNAVAILABLE = /^(08|57P0[1-3]|53300)/;
/** Node's socket errors for a server that cannot be reached. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** invalid_text_representation, numeric_value_out_of_range, character_not_in_repertoire, untranslatable_character. */
const VALUE_REFUSED = new Set(['22P02', '22003', '22021', '22P05']);

export class PostgresClient {
  readonly pool: pg.Pool;
  /** `host:port/database`: what messages name. */
  readonly where: string;

  constructor(
    private readonly url: string,
    options: PostgresOptions = {},
  ) {
    this.where = postgresAddress(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.max ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      application_name: 'relaydesk',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // Without a listener, an idle connection's error (the server restarted) would end the process.
    this.pool.on('error', (error) => options.onError?.(this.explain(error) as Error));
  }

  /** A query, its connection failure as a 503 naming the server. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(text, values).catch(this.failed);
  }

  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch(this.failed);
    // A connection lost between two queries is reported on the client, not the pool: without
    // this listener it would end the process. The next query then fails, and so does the work.
    let broken: Error | undefined;
    const lost = (error: Error) => (broken = error);
    client.on('error', lost);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((failure: Error) => (broken ??= failure));
      throw this.explain(error);
    } finally {
      client.off('error', lost);
      client.release(broken); // a broken connection is closed, not handed out again
    }
  }

  /** Rethrows `error`, a failure to reach the server as a 503 naming it. Use as `.catch(client.failed)`. */
  readonly failed = (error: unknown): never => {
    throw this.explain(error);
  };

  explain(error: unknown): unknown {
    if (error instanceof RelayError || !(error instanceof Error)) return error;
    const code = (error as { code?: unknown }).code;
    const unreachable =
      (typeof code === 'string' && (UNAVAILABLE.test(code) || NETWORK.has(code))) ||
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message);
    // A value PostgreSQL cannot hold (an id that is no whole number or past bigint, NUL in text):
    // the caller's 400, not a 500. The code stays on it (the log store drops such records by it).
    if (typeof code === 'string' && VALUE_REFUSED.has(code)) {
      return Object.assign(new RelayError(400, 'invalid_request', `A value in the request is not of its type or out of its range (PostgreSQL ${code}).`, 'invalid_value'), { code });
    }
    if (!unreachable) return error;
    return new RelayError(503, 'overloaded', `PostgreSQL at ${this.where} is unavailable: ${withoutPassword(error.message, this.url)}`, 'store_unavailable');
  }

  /** Connects once (at start, to fail early and clearly). */
  async ready(): Promise<void> {
    await this.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** `host:port/database` of a postgres:// URL; throws, without the URL, when it is none. */
export function postgresAddress(url: string): string {
  const parsed = parseServerUrl(url, 'database', ['postgres', 'postgresql'], 'postgres://[user[:password]@]host[:port]/database');
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
  return `${host}:${parsed.port || '5432'}${decodeURIComponent(parsed.pathname) || '/'}`;
}
