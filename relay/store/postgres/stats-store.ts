// Hourly usage on PostgreSQL (stats_hourly, schema-1.ts): the rows of the embedded store
// (stats/stats-store.ts), counted from the request log itself. The log store upserts each
// batch's hours in the statement that inserts the batch (STATS_ROLLUP), so `record` has
// nothing to do: every consume (2) and error (5) record the relay logs is counted once, with
// the record, and nothing else is (the relay records statistics only for what it logs).

import type { UnitCounts } from '../../ir/usage.js';
import { BILLING_UNITS } from '../../ir/usage.js';
import type { LatencyQuery, LatencyReport, LatencySummary } from '../stats/latency.js';
import type { StatsQuery, StatsRow, StatsStore } from '../stats/stats-store.js';
import type { PostgresClient } from './pool.js';

const HOUR_MS = 3_600_000;

/** One column per billing unit (unit_<kind>). */
const UNIT_COLUMNS = BILLING_UNITS.map((unit) => `unit_${unit}`);

/**
 * The hours of the rows a log batch inserted (the `inserted` CTE before it), added to what
 * stats_hourly holds; names are the latest seen. Rows in key order, so that instances
 * upserting the same hours lock them in the same order.
 */
export const STATS_ROLLUP = `
INSERT INTO stats_hourly AS s (hour, family, model, user_id, token_id, channel_id, username, token_name, channel_name,
  requests, errors, prompt_tokens, completion_tokens, ${UNIT_COLUMNS.join(', ')}, quota)
SELECT created_at - ((created_at % ${HOUR_MS}) + ${HOUR_MS}) % ${HOUR_MS}, COALESCE(NULLIF(family, ''), 'chat'), model, user_id, token_id, channel_id,
  (array_agg(username ORDER BY id DESC))[1], (array_agg(token_name ORDER BY id DESC))[1], (array_agg(channel_name ORDER BY id DESC))[1],
  count(*) FILTER (WHERE type = 2), count(*) FILTER (WHERE type = 5), sum(prompt_tokens), sum(completion_tokens),
  ${BILLING_UNITS.map((unit) => `COALESCE(sum((units->>'${unit}')::float8), 0)`).join(', ')}, sum(quota)
FROM inserted WHERE type IN (2, 5)
GROUP BY 1, 2, 3, 4, 5, 6
ORDER BY 1, 4, 5, 6, 2, 3
ON CONFLICT (hour, user_id, token_id, channel_id, family, model) DO UPDATE SET
  username = excluded.username, token_name = excluded.token_name, channel_name = excluded.channel_name,
  ${['requests', 'errors', 'prompt_tokens', 'completion_tokens', ...UNIT_COLUMNS, 'quota'].map((c) => `${c} = s.${c} + excluded.${c}`).join(', ')}`;

/** The statistics of `logs` (a PostgreSQL log store): its queued records are sent before a query answers. */
export function postgresStatsStore(db: PostgresClient, logs: { flush(): Promise<void>; settle(): Promise<void> }): StatsStore {
  return {
    record() {
      // Counted by the log store, with the record (above).
    },
    async query(query: StatsQuery): Promise<StatsRow[]> {
      await logs.settle();
      const conditions: string[] = [];
      const values: unknown[] = [];
      const param = (value: unknown) => `$${values.push(value)}`;
      if (typeof query.start === 'number' && Number.isFinite(query.start)) conditions.push(`hour >= ${param(Math.floor(query.start / HOUR_MS) * HOUR_MS)}`);
      if (typeof query.end === 'number' && Number.isFinite(query.end)) conditions.push(`hour < ${param(Math.ceil(query.end))}`);
      for (const field of ['user_id', 'token_id', 'channel_id'] as const) {
        if (query[field] !== undefined) conditions.push(Number.isSafeInteger(query[field]) ? `${field} = ${param(query[field])}` : 'FALSE');
      }
      for (const field of ['model', 'family'] as const) {
        if (query[field] !== undefined && query[field] !== '') conditions.push(`${field} = ${param(query[field])}`);
      }
      const where = conditions.length > 0 ? conditions.join(' AND ') : 'TRUE';
      const { rows } = await db.query(`SELECT * FROM stats_hourly WHERE ${where} ORDER BY hour, user_id, token_id, channel_id, family, model`, values);
      return rows.map(statsRowOf);
    },
    async latency(query: LatencyQuery): Promise<LatencyReport> {
      await logs.settle();
      return latencyFromLogs(db, query);
    },
    flush: () => logs.flush(),
    // The log store closes (and flushes) itself.
    close: async () => {},
  };
}

function statsRowOf(row: Record<string, unknown>): StatsRow {
  const units: UnitCounts = {};
  for (const unit of BILLING_UNITS) {
    const count = row[`unit_${unit}`] as number;
    if (count !== 0) units[unit] = count;
  }
  return {
    hour: row.hour as number,
    family: row.family as string,
    model: row.model as string,
    user_id: row.user_id as number,
    username: row.username as string,
    token_id: row.token_id as number,
    token_name: row.token_name as string,
    channel_id: row.channel_id as number,
    channel_name: row.channel_name as string,
    requests: row.requests as number,
    errors: row.errors as number,
    prompt_tokens: row.prompt_tokens as number,
    completion_tokens: row.completion_tokens as number,
    units,
    quota: row.quota as number,
  };
}

/**
 * Exact percentiles (percentile_cont, interpolated) of successful calls' times, from the log
 * table over the hours asked (as the hourly rows are), per day in the time zone and overall
 * (ROLLUP). The time bounds use the logs_time index.
 */
async function latencyFromLogs(db: PostgresClient, query: LatencyQuery): Promise<LatencyReport> {
  const values: unknown[] = [query.time_zone ?? 'UTC'];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions = ['type = 2'];
  if (typeof query.start === 'number' && Number.isFinite(query.start)) conditions.push(`created_at >= ${param(Math.floor(query.start / HOUR_MS) * HOUR_MS)}`);
  if (typeof query.end === 'number' && Number.isFinite(query.end)) conditions.push(`created_at < ${param(Math.ceil(query.end / HOUR_MS) * HOUR_MS)}`);
  if (query.user_id !== undefined) conditions.push(Number.isSafeInteger(query.user_id) ? `user_id = ${param(query.user_id)}` : 'FALSE');
  if (query.username !== undefined) conditions.push(`username = ${param(query.username)}`);
  if (query.model) conditions.push(`model = ${param(query.model)}`);
  if (query.family) conditions.push(`COALESCE(NULLIF(family, ''), 'chat') = ${param(query.family)}`);
  const quantiles = 'ARRAY[0.5, 0.95, 0.99]::float8[]';
  const { rows } = await db.query<{ day: string | null; calls: string | number; total: number[] | null; first_byte: number[] | null }>(
    `SELECT to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE $1, 'YYYY-MM-DD') AS day, count(*) AS calls,
       percentile_cont(${quantiles}) WITHIN GROUP (ORDER BY total_ms) AS total,
       percentile_cont(${quantiles}) WITHIN GROUP (ORDER BY first_byte_ms) AS first_byte
     FROM logs WHERE ${conditions.join(' AND ')} GROUP BY ROLLUP (1) ORDER BY 1 NULLS LAST`,
    values,
  );
  const summary = (row: (typeof rows)[number] | undefined): LatencySummary => {
    const at = (list: number[] | null | undefined, i: number) => (list?.[i] === undefined || list[i] === null ? null : Math.round(list[i]!));
    return {
      calls: Number(row?.calls ?? 0),
      total_ms: { p50: at(row?.total, 0), p95: at(row?.total, 1), p99: at(row?.total, 2) },
      first_byte_ms: { p50: at(row?.first_byte, 0), p95: at(row?.first_byte, 1), p99: at(row?.first_byte, 2) },
    };
  };
  return {
    overall: summary(rows.find((row) => row.day === null)),
    days: rows.filter((row) => row.day !== null).map((row) => ({ day: row.day!, ...summary(row) })),
  };
}
