// Usage statistics for the dashboard: hourly points (`/api/data/self`) and the log totals
// with the current RPM/TPM (`/api/log/self/stat`).
import { api } from './client.js';
import type { ApiData } from './client.js';

export type UsageData = ApiData<'/api/data/self', 'get'>;
export type Metrics = UsageData['totals'];
/** `time`: start of the hour, Unix seconds. */
export type HourPoint = UsageData['hours'][number];
export type ModelPoint = UsageData['by_model'][number];
export type LogStat = ApiData<'/api/log/self/stat', 'get'>;

export function getUsage(start: number, end: number): Promise<UsageData> {
  return api.get('/api/data/self', { query: { start_timestamp: start, end_timestamp: end } });
}

export function getLogStat(start: number, end: number): Promise<LogStat> {
  return api.get('/api/log/self/stat', { query: { start_timestamp: start, end_timestamp: end } });
}
