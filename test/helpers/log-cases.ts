import { LogType, type LogQuery, type NewLogRecord } from '../../relay/store/logs/index.js';
import type { StatsQuery } from '../../relay/store/stats/index.js';

// One table of log records and the queries the console makes of them, for every log store
// implementation to answer alike (the embedded files and PostgreSQL).

export const T0 = Date.UTC(2025, 0, 10, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const users = [
  { user_id: 1, username: 'ada' },
  { user_id: 2, username: 'bob' },
  { user_id: 0, username: '' },
];
const tokens = [
  { token_id: 10, token_name: 'ci' },
  { token_id: 11, token_name: 'laptop' },
  { token_id: 12, token_name: 'ci' },
];
const models = ['gpt-4o', 'claude-sonnet-4', 'text-embedding-3-small', 'sora-2'];
const families = ['chat', 'messages', 'embeddings', 'video', ''];
const types = [LogType.consume, LogType.consume, LogType.error, LogType.consume, LogType.login, LogType.manage, LogType.refund];

/**
 * 94 records over four days and a dozen hours; every sixth shares its created_at with the one
 * before (ordered by id then); users and keys are renamed halfway (statistics keep the latest name).
 */
export function logCases(): NewLogRecord[] {
  const records: NewLogRecord[] = [];
  for (let i = 0; i < 90; i++) {
    const type = types[i % types.length]!;
    const user = users[i % users.length]!;
    const token = tokens[(i >> 1) % tokens.length]!;
    const renamed = i >= 45 ? ' (renamed)' : '';
    records.push({
      type,
      created_at: i % 6 === 5 ? records[i - 1]!.created_at! : T0 - (i % 4) * DAY + Math.floor(i / 8) * HOUR + (i % 3 === 0 ? 0 : i * 1000),
      user_id: user.user_id,
      username: user.username && user.username + renamed,
      token_id: token.token_id,
      token_name: token.token_name + renamed,
      model: models[i % models.length]!,
      upstream_model: `${models[i % models.length]!}-upstream`,
      channel_id: (i % 5) + 1,
      channel_name: `channel ${(i % 5) + 1}${renamed}`,
      group: i % 6 === 0 ? 'vip' : 'default',
      family: families[i % families.length]!,
      prompt_tokens: i * 7,
      completion_tokens: i * 3,
      cached_tokens: i % 4,
      reasoning_tokens: i % 2,
      units: i % 9 === 0 ? { images: 2, seconds: 4.5 } : {},
      quota: type === LogType.consume ? i * 11 : 0,
      first_byte_ms: 100 + i,
      total_ms: 400 + i,
      is_stream: i % 2 === 0,
      ip: `10.0.0.${i % 7}`,
      request_id: `req-${i % 30}`,
      retry_chain: i % 10 === 0 ? [{ channel_id: 9, channel_name: 'failed one', status: 502, ms: 30, error: 'bad gateway' }, { channel_id: 1 }] : [],
      error: type === LogType.error ? 'upstream said no' : '',
      content: i % 8 === 0 ? 'a note with "quotes", a \\ backslash and ünïcode' : '',
      other: i % 5 === 0 ? { warnings: ['w1'], price: { model_ratio: 1.5 }, nested: { deep: [1, 2, { x: null }] } } : {},
    });
  }
  // One hour of one user, key, channel and model, renamed from call to call.
  for (let k = 0; k < 4; k++) {
    records.push({ type: LogType.consume, created_at: T0 + 5 * HOUR + k, user_id: 2, username: `bob ${k}`, token_id: 11, token_name: `key ${k}`, channel_id: 1, channel_name: `ch ${k}`, model: 'gpt-4o', family: 'chat', prompt_tokens: 5, quota: 7 });
  }
  return records;
}

export const logQueries: Array<[string, LogQuery]> = [
  ['everything', {}],
  ['page 2 of 7', { page: 2, page_size: 7 }],
  ['a page past the end', { page: 50, page_size: 20 }],
  ['page size clamped to 100', { page_size: 500 }],
  ['consume records', { type: LogType.consume }],
  ['one user', { user_id: 1 }],
  ['user 0', { user_id: 0 }],
  ['one key', { token_id: 11 }],
  ['one channel', { channel_id: 3 }],
  ['one model', { model: 'claude-sonnet-4' }],
  ['an unknown model', { model: 'nope' }],
  ['empty text filters are no filter', { model: '', request_id: '' }],
  ['one request id', { request_id: 'req-7' }],
  ['any of these keys', { token_ids: [10, 12] }],
  ['no keys', { token_ids: [] }],
  ['one group', { group: 'vip' }],
  ['one username', { username: 'bob' }],
  ['one key name', { token_name: 'ci (renamed)' }],
  ['chat family (old call records with none too)', { family: 'chat' }],
  ['embeddings family', { family: 'embeddings' }],
  ['a time range', { start: T0 - 2 * DAY, end: T0 + 3 * HOUR }],
  ['a fractional time range', { start: T0 - DAY + 0.5, end: T0 + 2 * HOUR + 1000.5 }],
  ['start after end', { start: T0 + DAY, end: T0 }],
  ['combined', { type: LogType.consume, user_id: 1, start: T0 - 3 * DAY, page_size: 5, page: 2 }],
  ['combined with a text filter', { family: 'messages', token_name: 'laptop', channel_id: 2 }],
];

export const statsQueries: Array<[string, StatsQuery]> = [
  ['every hour', {}],
  ['from an hour on', { start: T0 - DAY + 30 * 60_000 }],
  ['until an hour', { end: T0 + 2 * HOUR }],
  ['one user', { user_id: 2 }],
  ['one key', { token_id: 12 }],
  ['one channel', { channel_id: 4 }],
  ['one model', { model: 'sora-2' }],
  ['one family', { family: 'chat' }],
];
