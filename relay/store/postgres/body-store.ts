// Server mode's call bodies: the call_bodies table (schema-4.ts), one row per call. The bodies
// travel as JSON text (a text column: jsonb refuses the NUL character a body may hold, escaped).
import type { BodyStore, CallBodies } from '../bodies/types.js';
import type { PostgresClient } from './pool.js';

export function postgresBodyStore(db: PostgresClient): BodyStore {
  return {
    async put(bodies) {
      await db.query('INSERT INTO call_bodies (request_id, created_at, user_id, data) VALUES ($1, $2, $3, $4) ON CONFLICT (request_id) DO NOTHING', [
        bodies.request_id,
        bodies.created_at,
        bodies.user_id,
        JSON.stringify(bodies),
      ]);
    },
    async get(requestId) {
      const { rows } = await db.query<{ data: string }>('SELECT data FROM call_bodies WHERE request_id = $1', [requestId]);
      return rows[0] ? (JSON.parse(rows[0].data) as CallBodies) : undefined;
    },
    async deleteBefore(cutoff) {
      const result = await db.query('DELETE FROM call_bodies WHERE created_at < $1', [cutoff]);
      return result.rowCount ?? 0;
    },
  };
}
