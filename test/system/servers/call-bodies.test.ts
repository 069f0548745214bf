// Request and response bodies in the log on PostgreSQL (the call_bodies table, schema 4): the
// same scenario as the embedded store's (test/helpers/call-bodies-scenario.ts).
import pg from 'pg';
import { describe, it } from 'vitest';
import { callBodiesScenario } from '../../helpers/call-bodies-scenario.js';
import { serverModeOptions } from '../../helpers/server-db.js';

describe('request and response bodies in the log (server mode)', () => {
  it('kept only when opted in, readable by their owner and administrators, cut, without keys, swept after the configured days', async () => {
    const server = await serverModeOptions();
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await callBodiesScenario({ server }, () => ({
        async storedText() {
          let text = '';
          for (const table of ['call_bodies', 'logs', 'tokens', 'settings']) text += JSON.stringify((await db.query(`SELECT * FROM ${table}`)).rows);
          return text;
        },
        async dateBody(requestId, at) {
          await db.query('UPDATE call_bodies SET created_at = $1 WHERE request_id = $2', [at, requestId]);
        },
        keptCount: async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM call_bodies')).rows[0]!.n,
        isKept: async (requestId) => (await db.query('SELECT 1 FROM call_bodies WHERE request_id = $1', [requestId])).rowCount === 1,
        sweeps: 'instant',
      }));
    } finally {
      await db.end();
    }
  }, 90_000);
});
