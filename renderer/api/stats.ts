// Usage statistics for the dashboard: hourly points (`/api/data/self`) and the log totals
// with the current RPM/TPM (`/api/log/self/stat`).
import { request } from './client.js';

export interface Metrics {
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  quota: number;
}
export interface HourPoint extends Metrics {
  /** Start of the hour, Unix seconds. */
  time: number;
}
export interface ModelPoint extends HourPoint {
  model: string;
}
export interface UsageData {
  start_timestamp: number;
  end_timestamp: number;
  totals: Metrics;
  hours: HourPoint[];
  by_model: ModelPoint[];
}
export interface LogStat {
  quota: number;
  requests: number;
  rpm: number;
  tpm: number;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export function getUsage(start: number, end: number): Promise<UsageData> {
  return request<UsageData>('GET', `/api/data/self${query({ start_timestamp: start, end_timestamp: end })}`);
}

export function getLogStat(start: number, end: number): Promise<LogStat> {
  return request<LogStat>('GET', `/api/log/self/stat${query({ start_timestamp: start, end_timestamp: end })}`);
}

export { query as toQuery };
