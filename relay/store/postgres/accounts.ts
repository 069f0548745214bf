// Redemption codes, top-ups and the account ledger on PostgreSQL (schema-2.ts). Quota itself
// is counted in Redis: a money operation first records, in one transaction, what it takes
// (the code marked used, invitation rewards taken) with its top-up in status `crediting`;
// then credits the quota under the top-up's id (applied once: quota-credit.ts); then marks
// it done. A crash between leaves a `crediting` top-up that `finishCredits` completes at the
// next start, never twice.
import { sha256Hex } from '../../auth/secret-token.js';
import { RedemptionStatus, newRedemptionCode, redemptionRefusal, type NewTopUp, type RedemptionRecord, type TopUpRecord } from '../account-records.js';
import type { AccountLedger, RedemptionRepo, TopUpRepo } from '../ports.js';
import type { PostgresClient } from './pool.js';
import { RecordTable, type Queryable } from './record-table.js';

/** Adds `delta` to a user's quota unless `operation` was applied before; answers the quota after. */
export type QuotaCredit = (userId: number, delta: number, operation: string) => Promise<number>;

function paged<T extends object>(table: RecordTable<T>, where: string, values: unknown[], page: number, pageSize: number) {
  return Promise.all([table.select(where, values, `ORDER BY id DESC LIMIT ${Math.max(1, pageSize)} OFFSET ${Math.max(0, (page - 1) * pageSize)}`), table.count(where, values)]).then(
    ([items, total]) => ({ items, total }),
  );
}

export function postgresRedemptionRepo(db: PostgresClient): RedemptionRepo {
  const codes = new RecordTable<RedemptionRecord>(db, 'redemption_codes', 'id');
  return {
    create: (input, count) =>
      db.transaction(async (client) => {
        const made: Array<{ record: RedemptionRecord; code: string }> = [];
        for (let i = 0; i < count; i++) {
          const code = newRedemptionCode();
          const fields = { ...input, code_hash: sha256Hex(code), code_hint: code.slice(-4), status: RedemptionStatus.enabled, created_at: Date.now() };
          made.push({ record: (await codes.insert(fields, client))!, code });
        }
        return made;
      }),
    list({ page, pageSize, keyword }) {
      const needle = keyword?.trim() ?? '';
      if (!needle) return paged(codes, 'TRUE', [], page, pageSize);
      const byId = /^\d+$/.test(needle) ? ' OR id = $2' : '';
      return paged(codes, `(name ILIKE $1${byId})`, byId ? [likeOf(needle), Number(needle)] : [likeOf(needle)], page, pageSize);
    },
    get: (id) => codes.one('id', id),
    async update(id, patch) {
      const { status, ...rest } = patch;
      const fields = status === RedemptionStatus.used ? rest : patch;
      const { rows } = await db.query<RedemptionRecord>(
        `UPDATE redemption_codes SET name = coalesce($2, name), quota = coalesce($3, quota), expires_at = coalesce($4, expires_at), status = coalesce($5, status)
         WHERE id = $1 AND status <> ${RedemptionStatus.used} RETURNING *`,
        [id, fields.name ?? null, fields.quota ?? null, fields.expires_at ?? null, 'status' in fields ? fields.status : null],
      );
      return rows[0];
    },
    async remove(ids) {
      if (ids.length === 0) return 0;
      return (await db.query('DELETE FROM redemption_codes WHERE id = ANY($1::bigint[])', [[...ids]])).rowCount ?? 0;
    },
    async removeSpent(now = Date.now()) {
      const result = await db.query(`DELETE FROM redemption_codes WHERE status = ${RedemptionStatus.used} OR (expires_at <> 0 AND expires_at <= $1)`, [now]);
      return result.rowCount ?? 0;
    },
  };
}

function likeOf(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function postgresTopUpRepo(db: PostgresClient): TopUpRepo {
  const topUps = new RecordTable<TopUpRecord>(db, 'top_ups', 'id');
  return {
    list({ page, pageSize, userId, status, source }) {
      const conditions: string[] = [];
      const values: unknown[] = [];
      for (const [column, value] of [['user_id', userId], ['status', status], ['source', source]] as const) {
        if (value === undefined) continue;
        values.push(value);
        conditions.push(`${column} = $${values.length}`);
      }
      return paged(topUps, conditions.join(' AND ') || 'TRUE', values, page, pageSize);
    },
    get: (id) => topUps.one('id', id),
    byReference: async (source, reference) => (reference ? (await topUps.select('source = $1 AND reference = $2', [source, reference], 'LIMIT 1'))[0] : undefined),
    async createPending(input) {
      const inserted = await insertTopUp(db, input, 'pending', Boolean(input.reference));
      return inserted ?? null;
    },
    async close(id, status) {
      const { rows } = await db.query<TopUpRecord>(`UPDATE top_ups SET status = $2, completed_at = $3 WHERE id = $1 AND status = 'pending' RETURNING *`, [id, status, Date.now()]);
      return rows[0];
    },
  };
}

async function insertTopUp(on: Queryable, input: NewTopUp & { redemption_id?: number }, status: TopUpRecord['status'], unique = false): Promise<TopUpRecord | undefined> {
  const { rows } = await on.query<TopUpRecord>(
    `INSERT INTO top_ups (user_id, quota, source, provider, reference, redemption_id, money, currency, note, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ${unique ? `ON CONFLICT (source, reference) WHERE reference <> '' DO NOTHING` : ''} RETURNING *`,
    [input.user_id, input.quota, input.source, input.provider ?? '', input.reference ?? '', input.redemption_id ?? 0, input.money ?? 0, input.currency ?? '', input.note ?? '', status, Date.now()],
  );
  return rows[0];
}

export interface ServerAccountLedger extends AccountLedger {
  /** Completes the credits a crash interrupted (top-ups left `crediting`); answers how many. */
  finishCredits(): Promise<number>;
}

export function postgresAccountLedger(db: PostgresClient, credit: QuotaCredit): ServerAccountLedger {
  /** Credits a `crediting` top-up (once, whoever finishes it) and marks it done; answers it and the quota after. */
  const finish = async (topUp: TopUpRecord): Promise<{ topUp: TopUpRecord; quota: number }> => {
    const quota = await credit(topUp.user_id, topUp.quota, `topup:${topUp.id}`);
    const { rows } = await db.query<TopUpRecord>(`UPDATE top_ups SET status = 'done', completed_at = $2 WHERE id = $1 RETURNING *`, [topUp.id, Date.now()]);
    return { topUp: rows[0] ?? topUp, quota };
  };
  return {
    async redeem(codeHash, userId, now = Date.now()) {
      const taken = await db.transaction(async (client) => {
        const { rows } = await client.query<RedemptionRecord>(
          `UPDATE redemption_codes SET status = ${RedemptionStatus.used}, redeemed_by = $2, redeemed_at = $3
           WHERE code_hash = $1 AND status = ${RedemptionStatus.enabled} AND (expires_at = 0 OR expires_at > $3) RETURNING *`,
          [codeHash, userId, now],
        );
        const code = rows[0];
        if (!code) return undefined;
        return insertTopUp(client, { user_id: userId, quota: code.quota, source: 'redemption', redemption_id: code.id, note: code.name }, 'crediting');
      });
      if (taken) return finish(taken);
      const code = (await db.query<RedemptionRecord>('SELECT * FROM redemption_codes WHERE code_hash = $1', [codeHash])).rows[0];
      return { refused: redemptionRefusal(code, now) ?? 'used' };
    },
    async completeTopUp(id, note) {
      const { rows } = await db.query<TopUpRecord>(
        `UPDATE top_ups SET status = 'crediting', note = coalesce($2, note) WHERE id = $1 AND status IN ('pending', 'failed', 'expired') RETURNING *`,
        [id, note ?? null],
      );
      if (rows[0]) return { topUp: (await finish(rows[0])).topUp, credited: true };
      const topUp = (await db.query<TopUpRecord>('SELECT * FROM top_ups WHERE id = $1', [id])).rows[0];
      if (!topUp) return undefined;
      return { topUp: topUp.status === 'crediting' ? (await finish(topUp)).topUp : topUp, credited: false };
    },
    async grant(userId, quota, note) {
      return finish((await insertTopUp(db, { user_id: userId, quota, source: 'admin', note }, 'crediting'))!);
    },
    async transferInvitation(userId, quota) {
      const taken = await db.transaction(async (client) => {
        const { rowCount } = await client.query('UPDATE users SET aff_quota = aff_quota - $2 WHERE id = $1 AND aff_quota >= $2', [userId, quota]);
        if (!rowCount) return undefined;
        return insertTopUp(client, { user_id: userId, quota, source: 'invitation' }, 'crediting');
      });
      return taken ? finish(taken) : { refused: 'insufficient' as const };
    },
    async rewardInviter(inviterId, reward) {
      await db.query('UPDATE users SET aff_count = aff_count + 1, aff_quota = aff_quota + $2, aff_history_quota = aff_history_quota + $2 WHERE id = $1', [inviterId, reward]);
    },
    async finishCredits() {
      const { rows } = await db.query<TopUpRecord>(`SELECT * FROM top_ups WHERE status = 'crediting' ORDER BY id`);
      for (const topUp of rows) await finish(topUp);
      return rows.length;
    },
  };
}
