import { LogType } from './logs/types.js';
import type { LogStore, NewLogRecord } from './logs/types.js';
import { QuotaBook, applyQuotaEntry } from './quota-book.js';
import type { QuotaEntry, QuotaJournal } from './quota-journal.js';
import type { StateFile } from './state-file.js';
import type { StatsStore } from './stats/index.js';
import { liveTaskReservations } from './video-tasks.js';

/** The error of a call whose reservation was given back at the next start. */
export const REFUNDED_AT_START = 'refunded: the relay stopped before the call finished';

export interface QuotaRecovery {
  /** Journal entries the saved counters did not hold yet. */
  replayed: number;
  /** Log records of settled or failed calls that had not reached the log. */
  restoredLogs: number;
  /** Reservations of calls that never finished, given back. */
  refunded: number;
  /** Reservations kept open for the video tasks still running. */
  heldByTasks: number;
}

/**
 * Start-up, before any call is served: brings the counters and the logs to what the journal
 * says happened. Entries after the state's checkpoint are applied; every reservation still open
 * belongs to a call the relay never finished, so it is refunded (journaled like any refund,
 * with an error record), except those of video tasks still running (their bill closes when they
 * end, store/video-tasks.ts); every settlement or refund whose log record is missing gets it
 * (the log is searched by request id). Then state and logs are made durable and the journal
 * emptied. Every step is idempotent: a crash in the middle is recovered by the next start.
 */
export async function recoverQuota(options: { state: StateFile; logs: LogStore; stats: StatsStore; journal: QuotaJournal; entries: QuotaEntry[] }): Promise<QuotaRecovery> {
  const { state, logs, stats, journal } = options;
  const entries = [...options.entries];
  const checkpoint = state.data.ledger_seq;
  journal.continueAfter(checkpoint);
  const replay = entries.filter((entry) => entry.seq > checkpoint);
  await state.update((data) => {
    for (const entry of replay) applyQuotaEntry(data, entry);
  });

  const book = new QuotaBook(state, journal);
  const held = liveTaskReservations(state.data);
  const open = Object.entries(book.open()).filter(([id]) => !held.has(Number(id)));
  for (const [id, reservation] of open) {
    const log: NewLogRecord = { ...reservation.call, type: LogType.error, quota: 0, error: REFUNDED_AT_START, other: { ...reservation.call.other, refunded_quota: reservation.amount } };
    entries.push(book.refund(Number(id), logs.encode(log)));
  }

  const outcomes = entries.flatMap((entry) => (entry.op !== 'reserve' && entry.log ? [entry.log] : []));
  const logged = await requestIdsLogged(logs, outcomes.reduce((earliest, log) => Math.min(earliest, log.created_at ?? 0), Infinity));
  let restoredLogs = 0;
  for (const log of outcomes) {
    if (!log.request_id || logged.has(log.request_id)) continue;
    logged.add(log.request_id);
    stats.record(logs.append(log));
    restoredLogs++;
  }
  await logs.flush();
  await state.flush();
  await journal.reset();
  return { replayed: replay.length, restoredLogs, refunded: open.length, heldByTasks: Object.keys(book.open()).length };
}

async function requestIdsLogged(logs: LogStore, since: number): Promise<Set<string>> {
  const ids = new Set<string>();
  if (!Number.isFinite(since)) return ids;
  await logs.scan({ start: since }, (records) => {
    for (const record of records) if (record.request_id) ids.add(record.request_id);
  });
  return ids;
}
