import type { SeededReservation } from '../redis/quota-seed.js';
import type { PostgresClient } from './pool.js';

// The open reservations of an embedded install (`migrate` copies them into quota_reservations:
// a video task in progress holds one) are handed to the live quota ledger (Redis) at start and
// removed from the table, in one transaction: the rows stay locked until then, so instances
// starting together hand each over once (the others find it gone). The ledger's side also
// seeds each id once ever (redis/quota-seed.ts), should the commit fail after it.

/** Hands the table's reservations to `give`, then deletes them; answers how many there were. */
export async function handOverReservations(db: PostgresClient, give: (reservations: SeededReservation[]) => Promise<unknown>): Promise<number> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ id: number; user_id: number; token_id: number; amount: number; token_limited: boolean; call: unknown }>(
      'SELECT id, user_id, token_id, amount, token_limited, call FROM quota_reservations ORDER BY id FOR UPDATE',
    );
    if (rows.length === 0) return 0;
    await give(rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), tokenId: Number(r.token_id), amount: Number(r.amount), tokenLimited: r.token_limited, call: r.call })));
    await client.query('DELETE FROM quota_reservations WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
    return rows.length;
  });
}
