import { Type } from '@sinclair/typebox';
import type { Static, TProperties } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import type { UserRecord } from '../store/schema.js';
import { addMetrics, dayFormatter, emptyMetrics } from '../store/stats/index.js';
import type { StatsMetrics, StatsQuery, StatsRow } from '../store/stats/index.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';
import { FamilySchema, UnitCountsSchema } from './schemas.js';

const HOUR_S = 3600;
const DEFAULT_SPAN_S = 7 * 24 * HOUR_S;
const MAX_SPAN_S = 366 * 24 * HOUR_S;

const MetricFields = {
  requests: Type.Integer({ description: 'Calls served' }),
  errors: Type.Integer({ description: 'Calls that failed' }),
  prompt_tokens: Type.Number(),
  completion_tokens: Type.Number(),
  units: UnitCountsSchema('Units other than tokens, summed per kind (a kind not used is absent)'),
  quota: Type.Number(),
};
const Percentiles = (what: string) =>
  Type.Object(
    {
      p50: Type.Union([Type.Number(), Type.Null()]),
      p95: Type.Union([Type.Number(), Type.Null()]),
      p99: Type.Union([Type.Number(), Type.Null()]),
    },
    { description: `${what}, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated.` },
  );
const LatencyFields = {
  calls: Type.Integer({ description: 'Successful calls measured' }),
  total_ms: Percentiles('Total time percentiles'),
  first_byte_ms: Percentiles('Time to first byte percentiles'),
};
const time = Type.Integer({ description: 'Start of the hour, Unix seconds' });
const point = (fields: TProperties) => Type.Array(Type.Object({ time, ...fields, ...MetricFields }));

const DataSchema = Type.Object({
  start_timestamp: Type.Integer({ description: 'Unix seconds' }),
  end_timestamp: Type.Integer({ description: 'Unix seconds' }),
  totals: Type.Object(MetricFields),
  hours: point({}),
  by_family: point({ family: Type.String({ description: 'chat, embeddings, completions, rerank, moderation, images, audio or video' }) }),
  by_model: point({ model: Type.String() }),
  by_user: point({ user_id: Type.Integer(), username: Type.String() }),
  by_key: point({ token_id: Type.Integer(), token_name: Type.String(), user_id: Type.Integer() }),
  by_channel: point({ channel_id: Type.Integer(), channel_name: Type.String() }),
  latency: Type.Object(LatencyFields, { description: 'Over the whole range' }),
  days: Type.Array(Type.Object({ day: Type.String({ description: 'YYYY-MM-DD in time_zone' }), ...MetricFields, ...LatencyFields }), {
    description: 'Per day in time_zone (an hour counts in the day it starts in), days with calls only, oldest first',
  }),
});
type Data = Static<typeof DataSchema>;

const SelfQuery = Type.Object({
  start_timestamp: Type.Optional(Type.Integer({ description: 'Unix seconds, inclusive (default: 7 days before the end)' })),
  end_timestamp: Type.Optional(Type.Integer({ description: 'Unix seconds, inclusive (default: now)' })),
  model: Type.Optional(Type.String({ description: 'Only this model (exact)' })),
  family: Type.Optional(FamilySchema('Only this call family')),
  time_zone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA time zone the days are cut in (default UTC)' })),
});
const AdminQuery = Type.Object({ ...SelfQuery.properties, username: Type.Optional(Type.String({ description: 'Only this user (exact)' })) });

/** Usage for the dashboard: totals per hour and per family, model, user, key and channel; per day; latency percentiles. */
export function statsRoutes(context: ManagementContext) {
  const answer = async (user: UserRecord, query: Partial<Static<typeof AdminQuery>>, self: boolean): Promise<Data> => {
    const end = query.end_timestamp ?? Math.floor(Date.now() / 1000);
    const start = query.start_timestamp ?? end - DEFAULT_SPAN_S;
    if (end < start) throw new ApiError(400, 'end_timestamp must not be before start_timestamp.');
    if (end - start > MAX_SPAN_S) throw new ApiError(400, 'The time range can be at most 366 days.');
    let dayOf: (ms: number) => string;
    try {
      dayOf = dayFormatter(query.time_zone);
    } catch {
      throw new ApiError(400, `Unknown time zone ${JSON.stringify(query.time_zone)}: give an IANA name such as Europe/Paris or Asia/Shanghai.`);
    }
    const filter: StatsQuery = { start: start * 1000, end: (end + 1) * 1000 };
    if (query.model) filter.model = query.model;
    if (query.family) filter.family = query.family;
    let username: string | undefined;
    if (self) filter.user_id = user.id;
    else if (query.username) {
      const named = await context.store.users.byUsername(query.username);
      if (named) filter.user_id = named.id;
      else username = query.username; // deleted since: its rows keep the name
    }
    let rows = await context.store.stats.query(filter);
    if (username !== undefined) rows = rows.filter((row) => row.username === username);
    const latency = await context.store.stats.latency({ ...filter, ...(username !== undefined ? { username } : {}), ...(query.time_zone ? { time_zone: query.time_zone } : {}) });
    const latencyOf = new Map(latency.days.map(({ day, ...summary }) => [day, summary]));
    const none = { p50: null, p95: null, p99: null };

    const totals = emptyMetrics();
    for (const row of rows) addMetrics(totals, row);
    return {
      start_timestamp: start,
      end_timestamp: end,
      totals,
      hours: groupBy(rows, () => ''),
      by_family: groupBy(rows, (row) => row.family, (row) => ({ family: row.family })),
      by_model: groupBy(rows, (row) => row.model, (row) => ({ model: row.model })),
      by_user: groupBy(rows, (row) => String(row.user_id), (row) => ({ user_id: row.user_id, username: row.username })),
      // Per user too: the console playground's calls are every user's key 0.
      by_key: groupBy(rows, (row) => `${row.user_id}:${row.token_id}`, (row) => ({ token_id: row.token_id, token_name: row.token_name, user_id: row.user_id })),
      // Channels are administrators' business.
      by_channel: self ? [] : groupBy(rows, (row) => String(row.channel_id), (row) => ({ channel_id: row.channel_id, channel_name: row.channel_name })),
      latency: latency.overall,
      days: sumByDay(rows, dayOf).map(({ day, ...metrics }) => ({ day, ...metrics, ...(latencyOf.get(day) ?? { calls: 0, total_ms: none, first_byte_ms: none }) })),
    };
  };

  return [
    route({
      method: 'get',
      path: '/data',
      tag: 'data statistics',
      access: 'admin',
      summary: 'Hourly usage of everyone (or one user): totals per hour and per family, model, user, key and channel',
      query: AdminQuery,
      response: DataSchema,
      handler: ({ user, query }) => answer(user, query, false),
    }),
    route({
      method: 'get',
      path: '/data/self',
      tag: 'data statistics',
      access: 'user',
      summary: 'Your hourly usage: totals per hour and per family, model and key',
      query: SelfQuery,
      response: DataSchema,
      handler: ({ user, query }) => answer(user, query, true),
    }),
  ];
}

/** Rows summed per local day, oldest first. */
function sumByDay(rows: readonly StatsRow[], dayOf: (ms: number) => string): (StatsMetrics & { day: string })[] {
  const days = new Map<string, StatsMetrics & { day: string }>();
  for (const row of rows) {
    const day = dayOf(row.hour);
    let sum = days.get(day);
    if (!sum) days.set(day, (sum = { day, ...emptyMetrics() }));
    addMetrics(sum, row);
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Rows (oldest hour first) summed per (hour, key(row)), in hour order; `fields` names the group. */
function groupBy<F extends object>(rows: readonly StatsRow[], key: (row: StatsRow) => string, fields: (row: StatsRow) => F = () => ({}) as F): (F & StatsMetrics & { time: number })[] {
  const groups = new Map<string, F & StatsMetrics & { time: number }>();
  for (const row of rows) {
    const id = `${row.hour}\u0000${key(row)}`;
    let group = groups.get(id);
    if (!group) {
      group = { time: Math.floor(row.hour / 1000), ...fields(row), ...emptyMetrics() };
      groups.set(id, group);
    } else {
      Object.assign(group, fields(row)); // the latest name
    }
    addMetrics(group, row);
  }
  return [...groups.values()].sort((a, b) => a.time - b.time);
}
