import type { NewLogRecord } from '../logs/types.js';

// An instance's own reservations that none of its calls holds: made by a reservation script
// whose answer was lost on the wire (the call was refused, the reservation stayed). The quota
// ledger tells `HeldReservations` which reservations its calls hold and which scripts are on
// their way; a reservation this instance owns in Redis that no call holds, seen so for
// `afterMs` and while no reservation script sent before it was seen is still unanswered, is an
// orphan: refunded (quotaOrphans) and logged like a dead instance's. A detached reservation (a
// video task's) is owned by nobody, so never an orphan.

export interface SweptReservation {
  id: number;
  userId: number;
  tokenId: number;
  amount: number;
  /** The call's record as given to `reserve`. */
  call: NewLogRecord;
}

export class HeldReservations {
  private readonly held = new Set<number>();
  /** Reservation scripts not answered yet: when each was sent. */
  private readonly sent = new Map<number, number>();
  private sends = 0;
  /** Reservations of this instance no call holds: when first seen so. */
  private unheld = new Map<number, number>();

  constructor(
    private readonly afterMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A reservation script is sent; call what this answers once it is answered, with the id it reserved, or failed. */
  sending(): (id?: number) => void {
    const n = this.sends++;
    this.sent.set(n, this.clock());
    return (id) => {
      this.sent.delete(n);
      if (id !== undefined) this.held.add(id);
    };
  }

  /** The call no longer holds it (closed, or detached). */
  release(id: number): void {
    this.held.delete(id);
  }

  /** Of this instance's open reservations as just read from Redis, the orphans. */
  orphans(own: readonly number[]): number[] {
    const now = this.clock();
    let oldestSent = Infinity;
    for (const at of this.sent.values()) oldestSent = Math.min(oldestSent, at);
    const unheld = new Map<number, number>();
    const orphans: number[] = [];
    for (const id of own) {
      if (this.held.has(id)) continue;
      const since = this.unheld.get(id) ?? now;
      unheld.set(id, since);
      // A script sent before it was seen and still unanswered may yet hand it to its call.
      if (now - since >= this.afterMs && oldestSent > since) orphans.push(id);
    }
    this.unheld = unheld;
    return orphans;
  }
}

/** A sweep script's answer: id, user, key, amount, call JSON of each reservation it refunded. */
export function sweptOf(flat: readonly string[]): SweptReservation[] {
  const swept: SweptReservation[] = [];
  for (let i = 0; i < flat.length; i += 5) {
    swept.push({ id: Number(flat[i]), userId: Number(flat[i + 1]), tokenId: Number(flat[i + 2]), amount: Number(flat[i + 3]), call: parseCall(flat[i + 4]!) });
  }
  return swept;
}

function parseCall(json: string): NewLogRecord {
  try {
    return JSON.parse(json) as NewLogRecord;
  } catch {
    return { type: 0 };
  }
}
