import type pg from 'pg';
import { openSecret } from '../../secrets/sealed-secret.js';
import type { SecretKey } from '../../secrets/secret-key.js';
import { BILLING_UNITS } from '../../ir/usage.js';
import type { StatsRow } from '../stats/stats-store.js';
import type { EmbeddedInstall } from './embedded-install.js';

// The check of a copy, inside its transaction before the commit: what the database now
// holds against what was read from the embedded install. Any difference throws (the copy
// is rolled back) naming what differs; the rows answered are the summary `migrate` prints.

/** What the copy of the request log read: the records, the sum of their quota, the largest id. */
export interface CopiedLogs {
  count: number;
  quota: number;
  maxId: number;
}

export interface VerifiedRow {
  what: string;
  embedded: number;
  database: number;
  /** What else was found equal, e.g. `sums of quota, used_quota, request_count`. */
  checked: string;
}

/** The copy did not come out equal: rolled back. */
export class MigrationVerificationError extends Error {}

const sum = (records: readonly object[], field: string): number => (records as Array<Record<string, number>>).reduce((total, record) => total + (Number(record[field]) || 0), 0);

export async function verifyCopy(client: pg.PoolClient, install: EmbeddedInstall, key: SecretKey, logs: CopiedLogs): Promise<VerifiedRow[]> {
  const { state } = install;
  const rows: VerifiedRow[] = [];
  const differences: string[] = [];
  const check = async (what: string, table: string, records: readonly object[], sums: string[] = []) => {
    const columns = ['count(*)', ...sums.map((column) => `COALESCE(sum(${column}), 0)`)].map((sql, i) => `${sql} AS c${i}`);
    const row = (await client.query(`SELECT ${columns.join(', ')} FROM ${table}`)).rows[0] as Record<string, unknown>;
    const found = columns.map((_, i) => Number(row[`c${i}`]));
    const wanted = [records.length, ...sums.map((field) => sum(records, field))];
    wanted.forEach((value, i) => {
      if (found[i] !== value) differences.push(`${what}: ${i === 0 ? 'count' : `sum of ${sums[i - 1]}`} ${value} in the install, ${found[i]} in the database`);
    });
    rows.push({ what, embedded: records.length, database: found[0]!, checked: sums.length > 0 ? `sums of ${sums.join(', ')}` : '' });
  };
  await check('users', 'users', state.users, ['quota', 'used_quota', 'request_count', 'aff_quota', 'aff_history_quota']);
  await check('sessions', 'sessions', state.sessions);
  await check('API keys', 'tokens', state.tokens, ['remain_quota', 'used_quota', 'request_count']);
  await check('channels', 'channels', state.channels, ['used_quota', 'key_count']);
  await check('groups', 'groups', state.groups);
  await check('suppliers', 'suppliers', state.suppliers);
  await check('models', 'models', state.models);
  await check('settings', 'settings', Object.keys(state.options).map((name) => ({ name })));
  await check('video tasks', 'video_tasks', state.video_tasks);
  await check('redemption codes', 'redemption_codes', state.redemptions, ['quota']);
  await check('top-ups', 'top_ups', state.top_ups, ['quota']);
  await check('open reservations', 'quota_reservations', Object.values(state.open_reservations), ['amount']);

  // Every secret opens under the server key to the value read from the install.
  const sealed = (await client.query<{ name: string; sealed: string }>('SELECT name, sealed FROM secrets')).rows;
  for (const { name, sealed: value } of sealed) {
    if (openSecret(key, name, value) !== install.secrets.get(name)) differences.push(`secret ${name}: does not read back equal`);
  }
  if (sealed.length !== install.secrets.size) differences.push(`secrets: ${install.secrets.size} in the install, ${sealed.length} in the database`);
  rows.push({ what: 'secrets', embedded: install.secrets.size, database: sealed.length, checked: 'each read back and equal' });

  const logRow = (await client.query<{ n: number; quota: number }>('SELECT count(*) AS n, COALESCE(sum(quota), 0) AS quota FROM logs')).rows[0]!;
  if (logRow.n !== logs.count || logRow.quota !== logs.quota) differences.push(`request logs: ${logs.count} records (quota ${logs.quota}) read, ${logRow.n} (quota ${logRow.quota}) in the database`);
  rows.push({ what: 'request logs', embedded: logs.count, database: logRow.n, checked: 'sum of quota' });

  const stored = (await client.query('SELECT * FROM stats_hourly')).rows.map(statsText);
  const missing = diff(install.stats.map(statsText), stored);
  if (missing > 0 || stored.length !== install.stats.length) differences.push(`hourly statistics: ${missing} of ${install.stats.length} rows differ`);
  rows.push({ what: 'hourly statistics', embedded: install.stats.length, database: stored.length, checked: 'every row equal' });

  if (differences.length > 0) throw new MigrationVerificationError(`The copy does not match the install, so it was rolled back: ${differences.join('; ')}.`);
  return rows;
}

/** A statistics row (the store's or the table's) as one comparable text. */
function statsText(row: Record<string, unknown> | StatsRow): string {
  const r = row as Record<string, unknown>;
  const units = (r.units as Record<string, number> | undefined) ?? {};
  const unitValues = BILLING_UNITS.map((unit) => Number(units[unit] ?? r[`unit_${unit}`] ?? 0));
  return JSON.stringify([r.hour, r.family, r.model, r.user_id, r.token_id, r.channel_id, r.username, r.token_name, r.channel_name, r.requests, r.errors, r.prompt_tokens, r.completion_tokens, r.quota, ...unitValues].map((v) => (typeof v === 'string' ? v : Number(v))));
}

/** How many of `wanted` are not in `found` (as a multiset). */
function diff(wanted: readonly string[], found: readonly string[]): number {
  const left = new Map<string, number>();
  for (const text of found) left.set(text, (left.get(text) ?? 0) + 1);
  let missing = 0;
  for (const text of wanted) {
    const n = left.get(text) ?? 0;
    if (n === 0) missing++;
    else left.set(text, n - 1);
  }
  return missing;
}
