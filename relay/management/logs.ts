import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Response } from 'express';
import { ApiError } from '../http/errors.js';
import { BILLING_UNITS } from '../ir/usage.js';
import type { BillingUnit } from '../ir/usage.js';
import { LogType } from '../store/logs/index.js';
import type { LogQuery, LogRecord } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';
import { FamilySchema, PageQuery, UnitCountsSchema, pageOf } from './schemas.js';

const RATE_WINDOW_MS = 60_000;

const FilterFields = {
  start_timestamp: Type.Optional(Type.Integer({ description: 'Unix seconds, inclusive' })),
  end_timestamp: Type.Optional(Type.Integer({ description: 'Unix seconds, inclusive' })),
  type: Type.Optional(Type.Integer({ description: '1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund, 7 login; 0 or absent: all' })),
  token_name: Type.Optional(Type.String({ description: 'Key name (exact)' })),
  model: Type.Optional(Type.String({ description: 'Model asked for (exact)' })),
  group: Type.Optional(Type.String({ description: 'Group (exact)' })),
  family: Type.Optional(FamilySchema('Call family (chat includes records written before families were logged)')),
  request_id: Type.Optional(Type.String()),
};
const AdminFilterFields = {
  ...FilterFields,
  username: Type.Optional(Type.String({ description: 'Username (exact)' })),
  channel: Type.Optional(Type.Integer({ description: 'Channel id' })),
};

const AdminFilter = Type.Object(AdminFilterFields);
const SelfFilter = Type.Object(FilterFields);
const AdminListQuery = Type.Object({ ...PageQuery, ...AdminFilterFields });
const SelfListQuery = Type.Object({ ...PageQuery, ...FilterFields });
type Filter = Partial<Static<typeof AdminFilter>>;

export const LogViewSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.Number({ description: 'ms since epoch' }),
  type: Type.Integer({ description: '1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund, 7 login' }),
  user_id: Type.Integer(),
  username: Type.String(),
  token_id: Type.Integer(),
  token_name: Type.String(),
  model: Type.String({ description: 'The model asked for' }),
  upstream_model: Type.String({ description: 'The model name sent upstream' }),
  channel_id: Type.Integer({ description: '0 in your own records (channels are administrators’ business)' }),
  channel_name: Type.String(),
  group: Type.String(),
  family: Type.String({ description: "The call's family (chat, embeddings, completions, rerank, moderation, images, audio, video); '' for records that are not calls" }),
  prompt_tokens: Type.Number(),
  completion_tokens: Type.Number(),
  cached_tokens: Type.Number(),
  reasoning_tokens: Type.Number(),
  units: UnitCountsSchema('Units other than tokens the call was billed by (every served call is 1 request); other.unit_prices holds the USD per unit it was charged at'),
  quota: Type.Number(),
  first_byte_ms: Type.Number(),
  total_ms: Type.Number(),
  is_stream: Type.Boolean(),
  ip: Type.String(),
  request_id: Type.String(),
  retry_chain: Type.Array(
    Type.Object({
      channel_id: Type.Integer(),
      channel_name: Type.Optional(Type.String()),
      key_index: Type.Optional(Type.Integer()),
      status: Type.Optional(Type.Integer()),
      ms: Type.Optional(Type.Number({ description: 'How long the attempt took' })),
      error: Type.Optional(Type.String()),
    }),
    { description: 'Upstream attempts (empty in your own records)' },
  ),
  error: Type.String(),
  content: Type.String(),
  other: Type.Record(Type.String(), Type.Unknown()),
});

const StatSchema = Type.Object({
  quota: Type.Number({ description: 'Quota of the matching records (type defaults to consume)' }),
  requests: Type.Integer({ description: 'Matching records' }),
  rpm: Type.Integer({ description: 'Matching records in the last 60 s (the time range aside)' }),
  tpm: Type.Number({ description: 'Prompt + completion tokens of the matching records in the last 60 s' }),
});

const CsvSchema = Type.String({ description: 'text/csv: a header row, then one row per record, newest first' });

const TYPE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(LogType).map(([name, value]) => [value, name]));

/** Call and audit logs: admins see everyone's, users their own. */
export function logRoutes(context: ManagementContext) {
  /** The store query for a filter. `self` pins the caller's own records and ignores the admin-only filters. */
  const storeQuery = async (user: UserRecord, filter: Filter, self: boolean): Promise<LogQuery> => {
    const query: LogQuery = {};
    if (filter.start_timestamp !== undefined) query.start = filter.start_timestamp * 1000;
    if (filter.end_timestamp !== undefined) query.end = (filter.end_timestamp + 1) * 1000;
    if (filter.type) query.type = filter.type;
    if (filter.model) query.model = filter.model;
    if (filter.group) query.group = filter.group;
    if (filter.family) query.family = filter.family;
    if (filter.request_id) query.request_id = filter.request_id;
    if (self) {
      query.user_id = user.id;
    } else {
      if (filter.channel !== undefined) query.channel_id = filter.channel;
      if (filter.username) {
        const named = await context.store.users.byUsername(filter.username);
        // A user deleted since keeps their records under the logged name.
        if (named) query.user_id = named.id;
        else query.username = filter.username;
      }
    }
    if (filter.token_name) {
      const ids = (await context.store.tokens.list())
        .filter((t) => t.name === filter.token_name && (query.user_id === undefined || t.user_id === query.user_id))
        .map((t) => t.id);
      // A key deleted since keeps its records under the logged name.
      if (ids.length > 0) query.token_ids = ids;
      else query.token_name = filter.token_name;
    }
    return query;
  };

  const shown = (record: LogRecord, self: boolean): LogRecord => (self ? { ...record, channel_id: 0, channel_name: '', retry_chain: [] } : record);

  const list = async (user: UserRecord, query: Filter & { p?: number | undefined; page_size?: number | undefined }, self: boolean) => {
    const filter = await storeQuery(user, query, self);
    checkRange(filter);
    const page = await context.store.logs.query({ ...filter, page: query.p ?? 1, page_size: query.page_size ?? 20 });
    return { ...page, items: page.items.map((record) => shown(record, self)) };
  };

  const stat = async (user: UserRecord, query: Filter, self: boolean) => {
    const filter = await storeQuery(user, { ...query, type: query.type || LogType.consume }, self);
    checkRange(filter);
    let quota = 0;
    let requests = 0;
    await context.store.logs.scan(filter, (records) => {
      for (const record of records) quota += record.quota;
      requests += records.length;
    });
    let rpm = 0;
    let tpm = 0;
    const recent = { ...filter, start: Date.now() - RATE_WINDOW_MS };
    delete recent.end;
    await context.store.logs.scan(recent, (records) => {
      for (const record of records) tpm += record.prompt_tokens + record.completion_tokens;
      rpm += records.length;
    });
    return { quota, requests, rpm, tpm };
  };

  const exportCsv = async (user: UserRecord, query: Filter, self: boolean, res: Response) => {
    const filter = await storeQuery(user, query, self);
    checkRange(filter);
    // Before the answer begins: PostgreSQL refuses NUL in text only once the CSV is under way (a cut download).
    if (Object.values(filter).some((value) => typeof value === 'string' && value.includes('\u0000'))) throw new ApiError(400, 'A filter value may not contain the NUL character.');
    const columns = self ? CSV_COLUMNS.filter((column) => !ADMIN_ONLY_COLUMNS.has(column)) : CSV_COLUMNS;
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="relaydesk-logs-${stamp}.csv"`);
    res.write(`${columns.join(',')}\r\n`);
    try {
      await context.store.logs.scan(filter, async (records) => {
        if (res.destroyed) return false;
        const text = records.map((record) => `${columns.map((column) => csvCell(cellOf(record, column))).join(',')}\r\n`).join('');
        if (!res.write(text)) await drained(res);
        return !res.destroyed;
      });
    } catch (error) {
      context.log.error(`log export failed: ${(error as Error).message}`);
      res.destroy(); // the client sees a cut download, not a CSV that looks complete
      return;
    }
    res.end();
  };

  return [
    route({
      method: 'get',
      path: '/log',
      tag: 'logs',
      access: 'admin',
      summary: "Everyone's call and audit records, newest first, filtered and paged",
      query: AdminListQuery,
      response: pageOf(LogViewSchema),
      handler: ({ user, query }) => list(user, query, false),
    }),
    route({
      method: 'get',
      path: '/log/self',
      tag: 'logs',
      access: 'user',
      summary: 'Your own call and audit records, newest first, filtered and paged',
      query: SelfListQuery,
      response: pageOf(LogViewSchema),
      handler: ({ user, query }) => list(user, query, true),
    }),
    route({
      method: 'get',
      path: '/log/stat',
      tag: 'logs',
      access: 'admin',
      summary: 'Quota and request count of the filtered records, and the current RPM and TPM',
      query: AdminFilter,
      response: StatSchema,
      handler: ({ user, query }) => stat(user, query, false),
    }),
    route({
      method: 'get',
      path: '/log/self/stat',
      tag: 'logs',
      access: 'user',
      summary: 'Quota and request count of your filtered records, and your current RPM and TPM',
      query: SelfFilter,
      response: StatSchema,
      handler: ({ user, query }) => stat(user, query, true),
    }),
    route({
      method: 'get',
      path: '/log/export',
      tag: 'logs',
      access: 'admin',
      raw: true,
      produces: 'text/csv',
      summary: "Everyone's filtered records as CSV (text/csv, header row first, newest first)",
      query: AdminFilter,
      response: CsvSchema,
      handler: async ({ user, query, res }) => {
        await exportCsv(user, query, false, res);
        return '';
      },
    }),
    route({
      method: 'get',
      path: '/log/self/export',
      tag: 'logs',
      access: 'user',
      raw: true,
      produces: 'text/csv',
      summary: 'Your own filtered records as CSV (text/csv, header row first, newest first)',
      query: SelfFilter,
      response: CsvSchema,
      handler: async ({ user, query, res }) => {
        await exportCsv(user, query, true, res);
        return '';
      },
    }),
  ];
}

/** Resolves when `res` can take more, or is gone. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function checkRange(query: LogQuery): void {
  if (query.start !== undefined && query.end !== undefined && query.end <= query.start) {
    throw new ApiError(400, 'end_timestamp must not be before start_timestamp.');
  }
}

const CSV_COLUMNS = [
  'id',
  'time',
  'type',
  'username',
  'token_name',
  'group',
  'family',
  'model',
  'upstream_model',
  'channel_id',
  'channel_name',
  'is_stream',
  'prompt_tokens',
  'completion_tokens',
  'cached_tokens',
  'reasoning_tokens',
  ...BILLING_UNITS,
  'quota',
  'first_byte_ms',
  'total_ms',
  'ip',
  'request_id',
  'error',
  'content',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const ADMIN_ONLY_COLUMNS = new Set<CsvColumn>(['channel_id', 'channel_name']);
const isBillingUnit = (column: CsvColumn): column is BillingUnit => (BILLING_UNITS as readonly string[]).includes(column);

function cellOf(record: LogRecord, column: CsvColumn): string | number | boolean {
  if (column === 'time') return new Date(record.created_at).toISOString();
  if (column === 'type') return TYPE_NAMES[record.type] ?? record.type;
  if (isBillingUnit(column)) return record.units[column] ?? 0;
  return record[column];
}

/**
 * RFC 4180 quoting; text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * CR first) gets a leading `'`. Numbers are written as they are.
 */
function csvCell(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
