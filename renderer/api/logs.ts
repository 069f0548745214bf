// Call and audit records: `/api/log/self` (own) or `/api/log/` (admins: everyone's).
import { LogType } from '../../relay/store/logs/types.js';
import { api, apiUrl } from './client.js';
import { i18n } from '../i18n/index.js';
import type { ApiData, ApiQuery } from './client.js';

export type LogPage = ApiData<'/api/log/self', 'get'>;
export type LogView = LogPage['items'][number];
export type RetryAttempt = LogView['retry_chain'][number];
/** The filters of everyone's list; your own list ignores the administrators' ones (user, channel). */
export type LogFilter = Omit<ApiQuery<'/api/log', 'get'>, 'p' | 'page_size'>;
type OwnFilter = Omit<ApiQuery<'/api/log/self', 'get'>, 'p' | 'page_size'>;

/** The record types in the order the filter offers them; 0 is every type. */
export const LOG_TYPES = [0, 2, 5, 1, 6, 3, 4, 7] as const;

/** A record type's name in the console's language ("Consume"; 0 "All"). */
export function typeLabel(type: number): string {
  return i18n.t(`logs:types.t${type}`);
}

/** Consume and error records are model calls; the others (top-up, manage, login…) have no tokens or timings. */
export function isCall(record: Pick<LogView, 'type'>): boolean {
  return record.type === LogType.consume || record.type === LogType.error;
}

export function typeName(type: number): string {
  return type !== 0 && (LOG_TYPES as readonly number[]).includes(type) ? typeLabel(type) : String(type);
}

/** Type 0 ("All") is no filter. */
function withoutAllType(filter: LogFilter): LogFilter {
  return { ...filter, type: filter.type ? filter.type : undefined };
}

/** The filter without what only everyone's list takes. */
function own(filter: LogFilter): OwnFilter {
  const { username: _username, channel: _channel, ...rest } = withoutAllType(filter);
  return rest;
}

export function listLogs(filter: LogFilter, page: number, pageSize: number, everyone: boolean): Promise<LogPage> {
  const paging = { p: page, page_size: pageSize };
  return everyone ? api.get('/api/log', { query: { ...withoutAllType(filter), ...paging } }) : api.get('/api/log/self', { query: { ...own(filter), ...paging } });
}

/** The CSV download for the same filters (a plain link: the session cookie goes along). */
export function exportUrl(filter: LogFilter, everyone: boolean): string {
  return everyone ? apiUrl('/api/log/export', { query: withoutAllType(filter) }) : apiUrl('/api/log/self/export', { query: own(filter) });
}
