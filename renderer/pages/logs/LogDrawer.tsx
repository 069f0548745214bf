// A record in full: what was called, its bill line by line, the retry chain (administrators),
// the error, and the call's request and response when they were kept (CallBodies.tsx). The
// shared modal Dialog, laid out as a side drawer (logs.css).
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.js';
import { formatPrice } from '../../api/admin.js';
import { LogType } from '../../../relay/store/logs/types.js';
import { isCall, typeName } from '../../api/logs.js';
import type { LogView } from '../../api/logs.js';
import { Dialog } from '../../components/Dialog.js';
import { familyName } from '../../lib/channel-types.js';
import { formatNumber, formatUsd } from '../../lib/money.js';
import { toShownPrice, unitCount, unitsIn, UNITS } from '../../lib/units.js';
import { BILL_KEYS, billOf, type BillLine } from './billing.js';
import { CallBodies } from './CallBodies.js';
import { channelLabel, type ChannelOptions } from './channel-options.js';
import { formatWhen } from '../../lib/when.js';
import { attemptStatus, lastAttempt, ms, outcome } from './format.js';

interface Props {
  record: LogView;
  /** Everyone's records: the channel, the IP and the retry chain are shown. */
  admin: boolean;
  channels: ChannelOptions;
  onClose: () => void;
}

export function LogDrawer({ record, admin, channels, onClose }: Props) {
  const call = isCall(record);
  const { t } = useTranslation('logs');
  const rows: [string, string][] = [
    [t('columns.time'), formatWhen(record.created_at, { seconds: true })],
    [t('filters.type'), typeName(record.type)],
    [t('columns.user'), record.username],
    [t('columns.key'), record.token_name || '–'],
  ];
  if (call) {
    rows.push([t('drawer.modelAsked'), record.model || '–'], [t('drawer.modelSent'), record.upstream_model || '–'], [t('columns.family'), familyName(record.family)]);
    // Every call is one request: only other units, or several requests, are worth a line.
    const units = unitsIn(record.units).filter(([unit, count]) => unit !== 'requests' || count !== 1);
    if (units.length > 0) rows.push([t('drawer.units'), units.map(([unit, count]) => unitCount(unit, count)).join(', ')]);
    if (admin) rows.push([t('columns.channel'), record.channel_id ? channelLabel(record.channel_id, channels, record.channel_name) : '–']);
    if (record.type === LogType.error || record.error) rows.push([t('columns.status'), outcome(record)]);
    // A failed call: what the last upstream tried answered (the retry chain below has every attempt).
    const last = lastAttempt(record);
    if (admin && last) rows.push([t('drawer.upstreamStatus'), attemptStatus(last.status)]);
    rows.push(
      [t('filters.group'), record.group || '–'],
      [t('filters.requestId'), record.request_id || '–'],
      [t('columns.stream'), record.is_stream ? t('columns.yes') : t('columns.no')],
      [t('drawer.firstByte'), ms(record.first_byte_ms)],
      [t('drawer.totalTime'), ms(record.total_ms)],
    );
  }
  if (admin) rows.push([t('drawer.ip'), record.ip || '–']);
  const notes = otherRows(record.other ?? {});

  return (
    <Dialog open title={t('drawer.title', { id: record.id })} onClose={onClose} className="drawer" closeOnBackdrop>
      <dl className="facts">{rows.map(([k, v]) => fact(k, v))}</dl>
      {record.type === LogType.consume ? <Billing record={record} /> : record.quota !== 0 && <dl className="facts">{fact(t('drawer.amount'), formatUsd(record.quota))}</dl>}
      {notes.length > 0 && (
        <>
          <h3>{t('drawer.notes')}</h3>
          <dl className="facts">{notes.map(([k, v]) => fact(k, v))}</dl>
        </>
      )}
      {record.content && <p className="drawer__content">{record.content}</p>}
      {admin && record.retry_chain.length > 0 && <RetryChain record={record} channels={channels} />}
      {record.error && (
        <section aria-labelledby="log-drawer-error">
          <h3 id="log-drawer-error">{t('drawer.error')}</h3>
          <p className="drawer__error" data-testid="log-error">
            {record.error}
          </p>
        </section>
      )}
      {call && <CallBodies recordId={record.id} />}
    </Dialog>
  );
}

/** Tokens × price per line, the group ratio, and what was charged. */
function Billing({ record }: { record: LogView }) {
  const bill = billOf(record);
  const charged = formatUsd(record.quota);
  const { t } = useTranslation('logs');
  let body: ReactNode;
  if (bill.kind === 'priced') {
    body = (
      <>
        <ul className="bill__lines">
          {bill.lines.map((line) => (
            <li key={line.label} className="bill__line">
              <span className="bill__label">{line.label}</span>
              <span className="bill__formula">{formula(line)}</span>
            </li>
          ))}
          <li className="bill__line">
            <span className="bill__label">{t('drawer.group', { group: record.group || 'default' })}</span>
            <span className="bill__formula">× {bill.groupRatio}</span>
          </li>
          <li className="bill__line bill__line--total">
            <span className="bill__label">{t('drawer.charged')}</span>
            <span className="bill__formula" data-testid="log-charged">
              {charged}
            </span>
          </li>
        </ul>
        {bill.expected !== record.quota && (
          <p className="bill__note">
            {t('drawer.ratioChanged', { expected: formatUsd(bill.expected), charged })}
          </p>
        )}
      </>
    );
  } else {
    const tokens: [string, string][] = [
      [t('drawer.promptTokens'), record.cached_tokens > 0 ? t('drawer.withCached', { n: formatNumber(record.prompt_tokens), cached: formatNumber(record.cached_tokens) }) : formatNumber(record.prompt_tokens)],
      [t('drawer.completionTokens'), record.reasoning_tokens > 0 ? t('drawer.withReasoning', { n: formatNumber(record.completion_tokens), reasoning: formatNumber(record.reasoning_tokens) }) : formatNumber(record.completion_tokens)],
      [t('drawer.charged'), charged],
    ];
    body = (
      <>
        <dl className="facts">{tokens.map(([k, v]) => fact(k, v))}</dl>
        <p className="bill__note">
          {bill.kind === 'unpriced'
            ? t('drawer.unpriced')
            : t('drawer.noFacts')}
        </p>
      </>
    );
  }
  return (
    <section aria-labelledby="log-drawer-billing" data-testid="log-billing">
      <h3 id="log-drawer-billing">{t('drawer.billing')}</h3>
      {body}
    </section>
  );
}

/** "1,000 tokens × $0.30/1M = $0.0003", "1 call × $0.04 = $0.04", "2 search units × $2/1K = $0.004". */
function formula(line: BillLine): string {
  const { unit, count } = line;
  if (unit === 'call') return i18n.t('logs:drawer.callFormula', { count, n: formatNumber(count), price: formatPrice(line.usdPrice), total: formatUsd(line.quota) });
  if (unit === 'token') return i18n.t('logs:drawer.tokenFormula', { count, n: formatNumber(count), price: formatPrice(line.usdPrice), total: formatUsd(line.quota) });
  return `${unitCount(unit, count)} × ${formatPrice(toShownPrice(unit, line.usdPrice))}/${UNITS[unit].perShort} = ${formatUsd(line.quota)}`;
}

/** Upstream attempts that failed, in order (each with its channel, key, status, time and error), then the channel that answered. */
function RetryChain({ record, channels }: { record: LogView; channels: ChannelOptions }) {
  const { t } = useTranslation('logs');
  return (
    <section aria-labelledby="log-drawer-retries">
      <h3 id="log-drawer-retries">{t('drawer.retries')}</h3>
      <ol className="retry-chain">
        {record.retry_chain.map((attempt, i) => (
          <li key={i}>
            <span className="retry-chain__who">
              {channelLabel(attempt.channel_id, channels, attempt.channel_name || (attempt.channel_id === record.channel_id ? record.channel_name : ''))}
              {attempt.key_index !== undefined && t('drawer.keyN', { n: attempt.key_index + 1 })}
            </span>
            <span className="retry-chain__status">{attemptStatus(attempt.status)}</span>
            {attempt.ms !== undefined && <span className="retry-chain__time">{t('drawer.took', { time: attempt.ms >= 1 ? ms(attempt.ms) : t('drawer.under1ms') })}</span>}
            {attempt.error && <span className="retry-chain__error">{attempt.error}</span>}
          </li>
        ))}
        {record.type === LogType.consume && record.channel_id !== 0 && (
          <li>
            <span className="retry-chain__who">{channelLabel(record.channel_id, channels, record.channel_name)}</span>
            <span className="retry-chain__status retry-chain__status--ok">{t('drawer.answered')}</span>
          </li>
        )}
      </ol>
    </section>
  );
}

/** The record's other facts (warnings, estimates, …) as labelled rows; the bill's keys are shown above. */
function otherRows(other: Record<string, unknown>): [string, string][] {
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(other)) {
    if (BILL_KEYS.has(key)) continue;
    if (key === 'usage_estimated') rows.push([i18n.t('logs:drawer.tokenCounts'), i18n.t('logs:drawer.estimated')]);
    else if (key === 'warnings' && Array.isArray(value)) rows.push([i18n.t('logs:drawer.warnings'), value.map(String).join('; ')]);
    else if (key === 'affinity' && isAffinity(value)) rows.push([i18n.t('affinity:label'), i18n.t(`affinity:outcome.${value.outcome}`, { key: value.key })]);
    else rows.push([labelOf(key), textOf(value)]);
  }
  return rows;
}

/** A session's prompt-cache affinity as the relay logs it (relay/pipeline/call-log.ts). */
function isAffinity(value: unknown): value is { outcome: 'hit' | 'moved' | 'new'; key: number } {
  const v = value as { outcome?: unknown; key?: unknown } | null;
  return typeof v === 'object' && v !== null && ['hit', 'moved', 'new'].includes(String(v.outcome)) && typeof v.key === 'number';
}

function labelOf(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function textOf(value: unknown): string {
  if (typeof value === 'boolean') return value ? i18n.t('logs:columns.yes') : i18n.t('logs:columns.no');
  if (typeof value === 'number') return Number.isInteger(value) ? formatNumber(value) : String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  return JSON.stringify(value);
}

/** A row of the shared `facts` list (styles.css). */
function fact(label: string, value: string) {
  return (
    <Fragment key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </Fragment>
  );
}
