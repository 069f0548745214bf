// Call and audit records: `/api/log/self` (own) or `/api/log/` (admins: everyone's).
import { request } from './client.js';
import { toQuery } from './stats.js';

// The record shapes are the log store's own (type-only import: no relay code in the bundle).
import type { LogPage } from '../../relay/store/logs/types.js';
export type { LogPage, RetryAttempt } from '../../relay/store/logs/types.js';
export type { LogRecord as LogView } from '../../relay/store/logs/types.js';

export interface LogFilter {
  start_timestamp?: number;
  end_timestamp?: number;
  type?: number;
  token_name?: string;
  model?: string;
  group?: string;
  request_id?: string;
}

export const LOG_TYPES: { value: number; label: string }[] = [
  { value: 0, label: 'All' },
  { value: 2, label: 'Consume' },
  { value: 5, label: 'Error' },
  { value: 1, label: 'Top-up' },
  { value: 6, label: 'Refund' },
  { value: 3, label: 'Manage' },
  { value: 4, label: 'System' },
  { value: 7, label: 'Login' },
];

export function typeName(type: number): string {
  return LOG_TYPES.find((t) => t.value === type && t.value !== 0)?.label ?? String(type);
}

function params(filter: LogFilter): Record<string, string | number | undefined> {
  return { ...filter, type: filter.type ? filter.type : undefined };
}

export function listLogs(filter: LogFilter, page: number, pageSize: number, everyone: boolean): Promise<LogPage> {
  const base = everyone ? '/api/log/' : '/api/log/self';
  return request<LogPage>('GET', `${base}${toQuery({ ...params(filter), p: page, page_size: pageSize })}`);
}

/** The CSV download for the same filters (a plain link: the session cookie goes along). */
export function exportUrl(filter: LogFilter, everyone: boolean): string {
  return `${everyone ? '/api/log/export' : '/api/log/self/export'}${toQuery(params(filter))}`;
}
