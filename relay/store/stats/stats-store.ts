// Hourly usage aggregates for the dashboard: requests, errors, prompt/completion tokens, units
// and quota per (hour, family, model, user, key, channel), updated as calls complete.
//
// On disk (`dir`, normally `<dataDir>/stats/`): one `YYYY-MM-DD.json` per UTC day,
// `{"version":1,"day":"YYYY-MM-DD","rows":[…]}`, rewritten whole with writeFileDurably. A
// day holds at most 24 × (keys × models × channels in use) rows, so a rewrite is small;
// writes are coalesced (one per `writeDelayMs` at most, whatever the call rate), not one
// per call, and a crash loses at most that window. The state file (lowdb) is not used: it
// would rewrite every user and key along with each counter change.
//
// Days are read lazily. A call recorded into a day not read yet keeps its counts as a
// delta; reading the file adds the stored counts to it, so nothing is lost or doubled.
// Read days stay cached (the current day and any unwritten ones always; at most
// MAX_CACHED_DAYS others).

import { mkdir, readFile, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { BILLING_UNITS } from '../../ir/usage.js';
import type { UnitCounts } from '../../ir/usage.js';
import { writeFileDurably } from '../durable-write.js';
import { DayKeys } from '../logs/utc-day.js';
import { readUnitCounts } from '../unit-counts.js';
import { addSample, emptyHistograms, latencyOfRows, mergeHistograms, readHistograms } from './latency.js';
import type { LatencyHistograms, LatencyQuery, LatencyReport } from './latency.js';

const FORMAT_VERSION = 1;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MAX_CACHED_DAYS = 64;
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.json$/;

/** What a completed call contributes (the fields of its log record). */
export interface StatsEntry {
  /** ms since epoch; default now. */
  created_at?: number;
  /** Log type: consume (2) counts as a request, error (5) as an error; others are ignored. */
  type: number;
  /** The call family; absent: chat. */
  family?: string;
  model: string;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  channel_id: number;
  channel_name: string;
  prompt_tokens: number;
  completion_tokens: number;
  units?: UnitCounts;
  quota: number;
  /** Successful calls' times (ms), for the latency percentiles. */
  total_ms?: number;
  first_byte_ms?: number;
}

export interface StatsMetrics {
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Units other than tokens, summed per kind (requests, search units, images…). */
  units: UnitCounts;
  quota: number;
}

/** One hour of one (family, model, user, key, channel). Names are the latest seen. */
export interface StatsRow extends StatsMetrics {
  /** ms, start of the UTC hour. */
  hour: number;
  /** The call family (rows written before families were counted: chat). */
  family: string;
  model: string;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  channel_id: number;
  channel_name: string;
  /** Successful calls' times (latency.ts); only inside the store and its files, `query` leaves it out. */
  latency?: LatencyHistograms;
}

export interface StatsQuery {
  /** ms, inclusive: hours starting at or after the hour holding `start`. */
  start?: number;
  /** ms, exclusive: hours starting before `end`. */
  end?: number;
  user_id?: number;
  token_id?: number;
  channel_id?: number;
  model?: string;
  family?: string;
}

export interface StatsStore {
  /** Synchronous: counts the call now; written with the next coalesced write. */
  record(entry: StatsEntry): void;
  /** Matching rows, oldest hour first. */
  query(query: StatsQuery): Promise<StatsRow[]>;
  /** p50/p95/p99 of successful calls' total and first-byte times, overall and per day. */
  latency(query: LatencyQuery): Promise<LatencyReport>;
  /** Resolves when every count recorded so far is on disk. */
  flush(): Promise<void>;
  /** Flushes; recording afterwards is ignored. */
  close(): Promise<void>;
}

export interface StatsStoreOptions {
  dir: string;
  /** The longest a recorded count waits before it is written (default 1000 ms). */
  writeDelayMs?: number;
  clock?: () => number;
  onError?: (error: unknown) => void;
}

interface Day {
  key: string;
  rows: Map<string, StatsRow>;
  /** The file's counts have been added to `rows` (or there is no file). */
  loaded: boolean;
  loading: Promise<void> | undefined;
  /** Counts changed since the last write. */
  dirty: boolean;
}

export async function openStatsStore(options: StatsStoreOptions): Promise<StatsStore> {
  const store = new FileStatsStore(options);
  await store.open();
  return store;
}

export function emptyMetrics(): StatsMetrics {
  return { requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, units: {}, quota: 0 };
}

export function addMetrics(into: StatsMetrics, from: StatsMetrics): void {
  into.requests += from.requests;
  into.errors += from.errors;
  into.prompt_tokens += from.prompt_tokens;
  into.completion_tokens += from.completion_tokens;
  addUnits(into.units, from.units);
  into.quota += from.quota;
}

function addUnits(into: UnitCounts, from: UnitCounts): void {
  for (const unit of BILLING_UNITS) {
    const count = from[unit];
    if (count) into[unit] = (into[unit] ?? 0) + count;
  }
}

const dayKeyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function rowKey(row: Pick<StatsRow, 'hour' | 'family' | 'model' | 'user_id' | 'token_id' | 'channel_id'>): string {
  return `${row.hour}\u0000${row.user_id}\u0000${row.token_id}\u0000${row.channel_id}\u0000${row.family}\u0000${row.model}`;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored row, or undefined when it is not one. */
function parseRow(value: unknown): StatsRow | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.hour !== 'number' || !Number.isFinite(v.hour)) return undefined;
  return {
    hour: v.hour,
    family: str(v.family) || 'chat',
    model: str(v.model),
    user_id: num(v.user_id),
    username: str(v.username),
    token_id: num(v.token_id),
    token_name: str(v.token_name),
    channel_id: num(v.channel_id),
    channel_name: str(v.channel_name),
    requests: num(v.requests),
    errors: num(v.errors),
    prompt_tokens: num(v.prompt_tokens),
    completion_tokens: num(v.completion_tokens),
    units: readUnitCounts(v.units),
    quota: num(v.quota),
    ...(v.latency !== undefined ? { latency: readHistograms(v.latency) } : {}),
  };
}

/** The UTC days (YYYY-MM-DD) that have a file in a statistics folder. */
export function statsDayOfFile(name: string): string | undefined {
  return DAY_FILE.exec(name)?.[1];
}

/** The rows of one day's file (none when it is missing); a SyntaxError when it is not a statistics file. Reads only. */
export async function readStatsDayFile(file: string, key: string): Promise<StatsRow[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = JSON.parse(text) as { version?: unknown; rows?: unknown };
  if (typeof parsed.version === 'number' && parsed.version > FORMAT_VERSION) {
    throw new Error(`the usage statistics file ${file} has format ${parsed.version}; this build reads ${FORMAT_VERSION}`);
  }
  if (!Array.isArray(parsed.rows)) throw new SyntaxError('no rows');
  return parsed.rows.map(parseRow).filter((row): row is StatsRow => row !== undefined && dayKeyOf(row.hour) === key);
}

class FileStatsStore implements StatsStore {
  private readonly dir: string;
  private readonly delay: number;
  private readonly clock: () => number;
  private readonly onError: (error: unknown) => void;
  private readonly days = new Map<string, Day>();
  private readonly dayKeys = new DayKeys();
  /** Day keys with a file on disk or counts in memory. */
  private readonly known = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: StatsStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.delay = options.writeDelayMs ?? 1000;
    this.clock = options.clock ?? Date.now;
    this.onError = options.onError ?? (() => {});
  }

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(this.dir)) {
      const day = statsDayOfFile(name);
      if (day) this.known.add(day);
    }
    // Today is read now, so that the first calls do not wait for it at the first write.
    await this.load(this.day(dayKeyOf(this.clock())));
  }

  record(entry: StatsEntry): void {
    if (this.closed) return;
    const requests = entry.type === 2 ? 1 : 0;
    const errors = entry.type === 5 ? 1 : 0;
    if (requests + errors === 0) return;
    const at = typeof entry.created_at === 'number' && Number.isFinite(entry.created_at) ? entry.created_at : this.clock();
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    const day = this.day(this.dayKeys.of(hour));
    const family = entry.family || 'chat';
    const key = rowKey({ hour, family, model: entry.model, user_id: entry.user_id, token_id: entry.token_id, channel_id: entry.channel_id });
    let row = day.rows.get(key);
    if (!row) {
      row = { hour, family, model: entry.model, user_id: entry.user_id, username: '', token_id: entry.token_id, token_name: '', channel_id: entry.channel_id, channel_name: '', ...emptyMetrics() };
      day.rows.set(key, row);
    }
    row.username = entry.username;
    row.token_name = entry.token_name;
    row.channel_name = entry.channel_name;
    row.requests += requests;
    row.errors += errors;
    row.prompt_tokens += num(entry.prompt_tokens);
    row.completion_tokens += num(entry.completion_tokens);
    if (entry.units) addUnits(row.units, entry.units);
    row.quota += num(entry.quota);
    if (requests) {
      row.latency ??= emptyHistograms();
      addSample(row.latency.total, num(entry.total_ms));
      addSample(row.latency.first_byte, num(entry.first_byte_ms));
    }
    day.dirty = true;
    this.schedule();
  }

  async query(query: StatsQuery): Promise<StatsRow[]> {
    return (await this.matching(query)).map(({ latency: _latency, ...row }) => ({ ...row, units: { ...row.units } }));
  }

  async latency(query: LatencyQuery): Promise<LatencyReport> {
    const { username, time_zone, ...filter } = query;
    const rows = await this.matching(filter);
    return latencyOfRows(username === undefined ? rows : rows.filter((row) => row.username === username), time_zone);
  }

  /** The stored rows themselves (not copies): callers only read them, before the next await. */
  private async matching(query: StatsQuery): Promise<StatsRow[]> {
    const start = typeof query.start === 'number' && Number.isFinite(query.start) ? Math.floor(query.start / HOUR_MS) * HOUR_MS : -Infinity;
    const end = typeof query.end === 'number' && Number.isFinite(query.end) ? query.end : Infinity;
    const firstDay = Number.isFinite(start) ? dayKeyOf(start) : '';
    const lastDay = Number.isFinite(end) ? dayKeyOf(Math.max(0, end - 1)) : '\uffff';
    const keys = [...this.known].filter((key) => key >= firstDay && key <= lastDay).sort();
    const out: StatsRow[] = [];
    for (const key of keys) {
      const day = this.day(key);
      await this.load(day);
      for (const row of day.rows.values()) {
        if (row.hour < start || row.hour >= end) continue;
        if (query.user_id !== undefined && row.user_id !== query.user_id) continue;
        if (query.token_id !== undefined && row.token_id !== query.token_id) continue;
        if (query.channel_id !== undefined && row.channel_id !== query.channel_id) continue;
        if (query.model !== undefined && query.model !== '' && row.model !== query.model) continue;
        if (query.family !== undefined && query.family !== '' && row.family !== query.family) continue;
        out.push(row);
      }
    }
    this.evict();
    return out.sort((a, b) => a.hour - b.hour);
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.enqueue(() => this.writeDirty());
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private day(key: string): Day {
    let day = this.days.get(key);
    if (!day) {
      day = { key, rows: new Map(), loaded: !this.known.has(key), loading: undefined, dirty: false };
      this.days.set(key, day);
      this.known.add(key);
    }
    return day;
  }

  /** Adds the file's counts to the day's (once). */
  private load(day: Day): Promise<void> {
    if (day.loaded) return Promise.resolve();
    day.loading ??= this.readDay(day.key).then(
      (stored) => {
        for (const row of stored) {
          const key = rowKey(row);
          const current = day.rows.get(key);
          if (!current) day.rows.set(key, row);
          else {
            addMetrics(current, row); // the names in memory are newer
            if (row.latency) mergeHistograms((current.latency ??= emptyHistograms()), row.latency);
          }
        }
        day.loaded = true;
        day.loading = undefined;
      },
      (error: unknown) => {
        day.loading = undefined; // the next write or query tries again
        throw error;
      },
    );
    return day.loading;
  }

  private async readDay(key: string): Promise<StatsRow[]> {
    const file = path.join(this.dir, `${key}.json`);
    try {
      return await readStatsDayFile(file, key);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      // Written durably, so only a hand edit or a failing disk gets here: keep it aside, start the day afresh.
      const aside = `${file}.corrupt-${this.clock()}`;
      await rename(file, aside).catch(() => undefined);
      this.onError(new Error(`usage statistics: ${file} is not valid (${error.message}); moved to ${aside}`));
      return [];
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.enqueue(() => this.writeDirty()).catch(() => undefined);
    }, this.delay);
    this.timer.unref();
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async writeDirty(): Promise<void> {
    let failure: unknown;
    for (const day of [...this.days.values()]) {
      if (!day.dirty) continue;
      try {
        await this.load(day);
        day.dirty = false; // counts recorded from here on need the next write
        const rows = [...day.rows.values()].sort((a, b) => a.hour - b.hour);
        await writeFileDurably(path.join(this.dir, `${day.key}.json`), `${JSON.stringify({ version: FORMAT_VERSION, day: day.key, rows })}\n`);
      } catch (error) {
        day.dirty = true;
        failure ??= error;
        this.onError(error);
      }
    }
    if (failure !== undefined) {
      if (!this.closed) this.schedule();
      throw failure;
    }
  }

  /** Forgets read days beyond MAX_CACHED_DAYS, oldest first, never today's or unwritten ones. */
  private evict(): void {
    if (this.days.size <= MAX_CACHED_DAYS) return;
    const today = dayKeyOf(this.clock());
    const yesterday = dayKeyOf(this.clock() - DAY_MS);
    const candidates = [...this.days.values()]
      .filter((day) => day.loaded && !day.dirty && day.key !== today && day.key !== yesterday)
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    for (const day of candidates) {
      if (this.days.size <= MAX_CACHED_DAYS) break;
      this.days.delete(day.key);
    }
  }
}
