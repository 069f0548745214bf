// Times and outcomes as the logs show them; numbers and money come from lib/money.ts.
import { typeName, type LogView } from '../../api/logs.js';
import { LogType } from '../../../relay/store/logs/types.js';
import { dateFormat } from '../../i18n/format.js';
import { i18n } from '../../i18n/index.js';

export function ms(value: number): string {
  if (!value) return '–';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
/** The day and the time of day apart, for a narrow table column: ["Nov 24", "03:55:42"]. */
export function whenParts(msSinceEpoch: number): [string, string] {
  const date = new Date(msSinceEpoch);
  return [dateFormat({ month: 'short', day: 'numeric' }).format(date), dateFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date)];
}

/** "HTTP 502", or "No answer" for an attempt that got none (refused connection, timeout: the relay logs status 0). */
export function attemptStatus(status: number | undefined): string {
  return status ? `HTTP ${status}` : i18n.t('logs:outcome.noAnswer');
}

/**
 * What the upstream answered a failed call last: the last attempt of its retry chain (only
 * administrators' records have one); undefined when no upstream was tried.
 */
export function lastAttempt(record: Pick<LogView, 'type' | 'retry_chain'>): LogView['retry_chain'][number] | undefined {
  return record.type === LogType.error ? record.retry_chain.at(-1) : undefined;
}

const SHORT = 48;

/** The first sentence of an error, cut to fit a table cell. */
export function shortError(error: string): string {
  const sentence = error.split(/(?<=[.!?])\s/)[0]!.replace(/[.!?]$/, '').trim();
  return sentence.length > SHORT ? `${sentence.slice(0, SHORT - 1).trimEnd()}…` : sentence;
}

/** The status column: "Consume", "Failed · 502", "Failed · No channel could serve gpt-4o right now", "Consume · client disconnected". */
export function outcome(record: Pick<LogView, 'type' | 'error' | 'retry_chain'>): string {
  if (record.type === LogType.error) {
    const last = lastAttempt(record);
    const what = last?.status ? String(last.status) : record.error ? shortError(record.error) : last ? i18n.t('logs:outcome.noAnswerLower') : '';
    return what ? i18n.t('logs:outcome.failedWith', { what }) : i18n.t('logs:outcome.failed');
  }
  return record.error ? `${typeName(record.type)} · ${shortError(record.error)}` : typeName(record.type);
}
