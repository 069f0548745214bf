import type pg from 'pg';
import type { Patch } from '../ports.js';
import type { PostgresClient } from './pool.js';

// One table of records (schema-1.ts): a row is a record, column for field, so reads answer
// rows as they come. Writes name their columns; jsonb columns are sent as JSON text (pg would
// send a JS array as a PostgreSQL array). A patch is applied to the row locked FOR UPDATE in
// one transaction, so two instances patching one record never lose either change.

/** A pool or one transaction's connection. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class RecordTable<T extends object> {
  private readonly table: string;

  constructor(
    readonly db: PostgresClient,
    table: string,
    private readonly key: keyof T & string,
    private readonly jsonColumns: ReadonlySet<string> = new Set(),
  ) {
    this.table = quoteName(table);
  }

  /** Rows matching `where` (SQL after WHERE, `$1`… for `values`), then `tail` (ORDER BY, LIMIT…). */
  async select(where = 'TRUE', values: unknown[] = [], tail = '', on: Queryable = this.db): Promise<T[]> {
    const result = await on.query<T & pg.QueryResultRow>(`SELECT * FROM ${this.table} WHERE ${where} ${tail}`, values);
    return result.rows;
  }

  async one(column: keyof T & string, value: unknown, on: Queryable = this.db): Promise<T | undefined> {
    return (await this.select(`${quoteName(column)} = $1`, [value], 'LIMIT 1', on))[0];
  }

  async count(where = 'TRUE', values: unknown[] = []): Promise<number> {
    const result = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${this.table} WHERE ${where}`, values);
    return result.rows[0]?.n ?? 0;
  }

  /** Inserts the given fields (the others take the column defaults); undefined when `conflict` (a unique column) is taken. */
  async insert(fields: Partial<T>, on: Queryable = this.db, conflict?: keyof T & string): Promise<T | undefined> {
    const { names, placeholders, values } = this.columns(fields, true);
    const onConflict = conflict ? `ON CONFLICT (${quoteName(conflict)}) DO NOTHING` : '';
    const result = await on.query<T & pg.QueryResultRow>(`INSERT INTO ${this.table} (${names.join(', ')}) VALUES (${placeholders.join(', ')}) ${onConflict} RETURNING *`, values);
    return result.rows[0];
  }

  /** Applies `patch` to the record `key` = `id` (a function patch sees the locked row); answers the record after it. */
  async patch(id: unknown, patch: Patch<T>): Promise<T | undefined> {
    return this.db.transaction(async (client) => {
      const current = (await this.select(`${quoteName(this.key)} = $1`, [id], 'FOR UPDATE', client))[0];
      if (!current) return undefined;
      const fields = typeof patch === 'function' ? patch(current) : patch;
      return (await this.set(id, fields, client)) ?? current;
    });
  }

  /** Sets fields of the record `key` = `id` (nothing to set: answers undefined). */
  async set(id: unknown, fields: Partial<T>, on: Queryable = this.db): Promise<T | undefined> {
    const { names, values } = this.columns(fields, false);
    if (names.length === 0) return undefined;
    const assignments = names.map((name, index) => `${name} = $${index + 2}`);
    const result = await on.query<T & pg.QueryResultRow>(`UPDATE ${this.table} SET ${assignments.join(', ')} WHERE ${quoteName(this.key)} = $1 RETURNING *`, [id, ...values]);
    return result.rows[0];
  }

  async delete(id: unknown, on: Queryable = this.db): Promise<boolean> {
    const result = await on.query(`DELETE FROM ${this.table} WHERE ${quoteName(this.key)} = $1`, [id]);
    return (result.rowCount ?? 0) > 0;
  }

  /** The columns to write, the key among them only for an insert (a record's key never changes). */
  private columns(fields: Partial<T>, withKey: boolean): { names: string[]; placeholders: string[]; values: unknown[] } {
    const names: string[] = [];
    const values: unknown[] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined || (name === this.key && !withKey)) continue;
      names.push(quoteName(name));
      values.push(this.jsonColumns.has(name) && value !== null ? JSON.stringify(value) : value);
    }
    return { names, placeholders: names.map((_, index) => `$${index + 1}`), values };
  }
}
