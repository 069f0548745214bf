// Usage statistics for the dashboard: hourly points (`/api/data/self`, administrators
// `/api/data` for everyone) and the log totals with the current RPM/TPM (`/api/log/self/stat`,
// `/api/log/stat`).
import { api } from './client.js';
import type { ApiData } from './client.js';

export type UsageData = ApiData<'/api/data/self', 'get'>;
export type Metrics = UsageData['totals'];
/** `time`: start of the hour, Unix seconds. */
export type HourPoint = UsageData['hours'][number];
export type ModelPoint = UsageData['by_model'][number];
export type LogStat = ApiData<'/api/log/self/stat', 'get'>;

/** Your own usage, or (administrators) everyone's. */
export type Scope = 'mine' | 'everyone';

/** `timeZone`: the IANA zone the answer's days are cut in (the browser's). */
export function getUsage(start: number, end: number, scope: Scope = 'mine', timeZone?: string): Promise<UsageData> {
  const query = { start_timestamp: start, end_timestamp: end, ...(timeZone ? { time_zone: timeZone } : {}) };
  return scope === 'everyone' ? api.get('/api/data', { query }) : api.get('/api/data/self', { query });
}

export function getLogStat(start: number, end: number, scope: Scope = 'mine'): Promise<LogStat> {
  const query = { start_timestamp: start, end_timestamp: end };
  return scope === 'everyone' ? api.get('/api/log/stat', { query }) : api.get('/api/log/self/stat', { query });
}
