// Public shapes of the request log store. Pure types and one constant: no Node imports.

import type { UnitCounts } from '../../ir/usage.js';

export const LogType = { topUp: 1, consume: 2, manage: 3, system: 4, error: 5, refund: 6, login: 7 } as const;
export type LogTypeValue = (typeof LogType)[keyof typeof LogType];

/** One upstream attempt of a relayed call (the last one is the one that answered or failed). */
export interface RetryAttempt {
  channel_id: number;
  /** The channel's name at the time of the call. */
  channel_name?: string;
  key_index?: number;
  status?: number;
  /** How long the attempt took (ms). */
  ms?: number;
  error?: string;
}

export interface LogRecord {
  /** Assigned by the store, strictly increasing across restarts. */
  id: number;
  /** ms since epoch, assigned by the store from its clock if absent. */
  created_at: number;
  /** One of {@link LogType}. */
  type: number;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  /** The model the caller asked for. */
  model: string;
  /** The model name sent upstream (after mapping). */
  upstream_model: string;
  channel_id: number;
  channel_name: string;
  group: string;
  /** The call's family (chat, embeddings, rerank…; see ir/call-family.ts); '' for records that are not calls. A call record written before families were logged reads as 'chat'. */
  family: string;
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
  reasoning_tokens: number;
  /** Units other than tokens the call was billed by (requests, search units, images…). */
  units: UnitCounts;
  quota: number;
  first_byte_ms: number;
  total_ms: number;
  is_stream: boolean;
  ip: string;
  request_id: string;
  retry_chain: RetryAttempt[];
  error: string;
  content: string;
  other: Record<string, unknown>;
}

/** What `append` takes: missing fields take neutral defaults ('' / 0 / false / [] / {}). */
export type NewLogRecord = Partial<Omit<LogRecord, 'id'>> & { type: number };

/**
 * A filtered, paged query. Numeric filters are exact matches and apply whenever they are
 * not `undefined`/`null` (so `user_id: 0` selects records with user 0). String filters
 * (`model`, `request_id`) apply when they are non-empty: `''` means "no filter".
 */
export interface LogQuery {
  /** ms, inclusive. */
  start?: number;
  /** ms, exclusive. */
  end?: number;
  type?: number;
  user_id?: number;
  token_id?: number;
  channel_id?: number;
  /** Exact model name (the asked model). */
  model?: string;
  /** Exact request id. Not indexed: answered by reading the candidate lines. */
  request_id?: string;
  /** Any of these keys (indexed). An empty list matches nothing. */
  token_ids?: readonly number[];
  /** Exact group. Not indexed: confirmed on the candidate lines. */
  group?: string;
  /** Exact username as logged. Not indexed: confirmed on the candidate lines. */
  username?: string;
  /** Exact key name as logged. Not indexed: confirmed on the candidate lines. */
  token_name?: string;
  /** Exact call family ('chat' includes call records written before families were logged). Not indexed. */
  family?: string;
  /** 1-based, default 1. */
  page?: number;
  /** Default 20, clamped to 1..100. */
  page_size?: number;
}

/** One page of records, newest first (by created_at, then id). */
export interface LogPage {
  items: LogRecord[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * A record normalised and serialised once, before its id is known: the quota journal writes
 * the same text as the log then stores (`encode`, then `appendEncoded`).
 */
export interface EncodedLogRecord {
  /** The record as it will be stored; its `id` is 0 until it is appended. */
  readonly record: LogRecord;
  /** Its JSON text, with `"id":0` first. */
  readonly json: string;
}

export interface LogStore {
  /** Synchronous: assigns id/created_at and queues the write; returns the full record. */
  append(record: NewLogRecord): LogRecord;
  /** The record as `append` would store it (created_at assigned, if absent), not appended yet. */
  encode(record: NewLogRecord): EncodedLogRecord;
  /** Appends what `encode` answered (once): the id is assigned, the text is not serialised again. */
  appendEncoded(encoded: EncodedLogRecord): LogRecord;
  /** Resolves when every record appended so far is written and fdatasync'ed. Rejects with the last write error, if any. */
  flush(): Promise<void>;
  query(query: LogQuery): Promise<LogPage>;
  /**
   * Every record matching the filter (paging ignored), newest first, handed to `visit` in
   * batches; `visit` answering `false` stops the scan. For sums and exports: it reads the
   * line of every match, so its cost grows with the number of matches.
   */
  scan(query: LogQuery, visit: (records: LogRecord[]) => boolean | void | Promise<boolean | void>): Promise<void>;
  get(id: number): Promise<LogRecord | undefined>;
  /** Deletes whole UTC days older than retentionDays (0 = keep forever). */
  applyRetention(now?: number): Promise<{ removedDays: string[] }>;
  setRetentionDays(days: number): void;
  /** `records` counts written and queued records; `days` counts day files. */
  stats(): { records: number; days: number };
  /** Flushes and closes file handles. Appending afterwards throws. */
  close(): Promise<void>;
}

export interface LogStoreOptions {
  dir: string;
  /** Whole UTC days to keep; 0 (the default) keeps everything. */
  retentionDays?: number;
  /** ms since epoch; defaults to Date.now. */
  clock?: () => number;
  /**
   * Called when a background write fails (the records of that batch are dropped and the
   * files rolled back); the same error is also thrown by the next `flush()`/`close()`.
   */
  onError?: (error: unknown) => void;
  /**
   * Runs, synchronously, before each batch of records is written; when it throws, the batch
   * waits for the next write. The relay makes the quota journal write first: a call's record
   * never reaches the log before its journal entry (relay/store/quota-journal.ts).
   */
  beforeWrite?: () => void;
}
