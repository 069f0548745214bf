// The columns of the records table (the shared DataTable); a row's "Details" opens the drawer.
import { isCall } from '../../api/logs.js';
import type { LogView } from '../../api/logs.js';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/DataTable.js';
import { familyName } from '../../lib/channel-types.js';
import { formatNumber, formatUsd } from '../../lib/money.js';
import { channelLabel, type ChannelOptions } from './channel-options.js';
import { ms, outcome, whenParts } from './format.js';

/** Everyone's records add who made the call and the channel that served it. */
export function logColumns(admin: boolean, channels: ChannelOptions, onOpen: (record: LogView) => void, t: TFunction<'logs'>): Column<LogView>[] {
  const columns: (Column<LogView> | false)[] = [
    { key: 'time', header: t('columns.time'), render: (r) => <LogTime at={r.created_at} /> },
    admin && { key: 'user', header: t('columns.user'), render: (r) => r.username },
    { key: 'key', header: t('columns.key'), render: (r) => r.token_name || '–' },
    { key: 'model', header: t('columns.model'), render: (r) => r.model || '–' },
    { key: 'family', header: t('columns.family'), render: (r) => <span data-testid="log-family">{familyName(r.family)}</span> },
    admin && { key: 'channel', header: t('columns.channel'), render: (r) => (r.channel_id ? channelLabel(r.channel_id, channels, r.channel_name) : '–') },
    // Top-ups, sign-ins and changes have no tokens, timings or stream, only an amount at most.
    {
      key: 'tokens',
      header: t('columns.tokens'),
      numeric: true,
      render: (r) =>
        isCall(r) ? (
          <span data-testid="log-tokens">
            {formatNumber(r.prompt_tokens)} / {formatNumber(r.completion_tokens)}
          </span>
        ) : (
          '–'
        ),
    },
    { key: 'cost', header: t('columns.cost'), numeric: true, render: (r) => (isCall(r) || r.quota !== 0 ? <span data-testid="log-cost">{formatUsd(r.quota)}</span> : '–') },
    { key: 'time-taken', header: t('columns.timeTaken'), numeric: true, render: (r) => (isCall(r) ? `${ms(r.first_byte_ms)} / ${ms(r.total_ms)}` : '–') },
    { key: 'stream', header: t('columns.stream'), render: (r) => (isCall(r) ? (r.is_stream ? t('columns.yes') : t('columns.no')) : '–') },
    {
      key: 'status',
      header: t('columns.status'),
      render: (r) => (
        <span className={`log-status${r.error ? ' log-status--error' : ''}`} title={r.error || undefined} data-testid="log-status">
          {outcome(r)}
        </span>
      ),
    },
    {
      key: 'details',
      header: t('columns.details'),
      render: (r) => (
        <button type="button" className="button button--secondary button--small" onClick={() => onOpen(r)} aria-label={t('columns.detailsOf', { id: r.id })}>
          {t('columns.details')}
        </button>
      ),
    },
  ];
  return columns.filter((column): column is Column<LogView> => column !== false);
}

function LogTime({ at }: { at: number }) {
  const [day, time] = whenParts(at);
  return (
    <time className="log-time" dateTime={new Date(at).toISOString()}>
      <span>{day}</span> <span className="log-time__clock">{time}</span>
    </time>
  );
}
