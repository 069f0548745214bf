import { Type } from '@sinclair/typebox';
import type { Static, TProperties } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import type { UserRecord } from '../store/schema.js';
import { addMetrics, emptyMetrics } from '../store/stats/index.js';
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
});
type Data = Static<typeof DataSchema>;

const SelfQuery = Type.Object({
  start_timestamp: Type.Optional(Type.Integer({ description: 'Unix seconds, inclusive (default: 7 days before the end)' })),
  end_timestamp: Type.Optional(Type.Integer({ description: 'Unix seconds, inclusive (default: now)' })),
  model: Type.Optional(Type.String({ description: 'Only this model (exact)' })),
  family: Type.Optional(FamilySchema('Only this call family')),
});
const AdminQuery = Type.Object({ ...SelfQuery.properties, username: Type.Optional(Type.String({ description: 'Only this user (exact)' })) });

/** Hourly usage for the dashboard charts: totals per hour and per family, model, user, key and channel. */
export function statsRoutes(context: ManagementContext) {
  const answer = async (user: UserRecord, query: Partial<Static<typeof AdminQuery>>, self: boolean): Promise<Data> => {
    const end = query.end_timestamp ?? Math.floor(Date.now() / 1000);
    const start = query.start_timestamp ?? end - DEFAULT_SPAN_S;
    if (end < start) throw new ApiError(400, 'end_timestamp must not be before start_timestamp.');
    if (end - start > MAX_SPAN_S) throw new ApiError(400, 'The time range can be at most 366 days.');
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
