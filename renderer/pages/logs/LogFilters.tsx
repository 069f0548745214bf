// The filter bar: time range, type, call family, key name, model, channel (everyone's records), group, request id.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_TYPES, typeLabel } from '../../api/logs.js';
import type { LogFilter } from '../../api/logs.js';
import type { CallFamily } from '../../../relay/ir/call-family.js';
import { CALL_FAMILIES, familyLabel } from '../../lib/channel-types.js';
import { channelLabel, type ChannelOptions } from './channel-options.js';

export interface FilterForm {
  range: '1h' | '24h' | '7d' | '30d' | 'all';
  type: number;
  /** '' for every family. */
  family: CallFamily | '';
  token_name: string;
  model: string;
  /** A channel id, '' for every channel. */
  channel: string;
  group: string;
  request_id: string;
}

export const EMPTY_FORM: FilterForm = { range: '7d', type: 0, family: '', token_name: '', model: '', channel: '', group: '', request_id: '' };

const RANGE_SECONDS: Record<Exclude<FilterForm['range'], 'all'>, number> = { '1h': 3600, '24h': 86400, '7d': 7 * 86400, '30d': 30 * 86400 };

/** The API filter for a form, with the time range ending now. */
export function toFilter(form: FilterForm): LogFilter {
  const filter: LogFilter = {};
  if (form.range !== 'all') {
    const end = Math.floor(Date.now() / 1000);
    filter.start_timestamp = end - RANGE_SECONDS[form.range];
    filter.end_timestamp = end;
  }
  if (form.type) filter.type = form.type;
  if (form.family !== '') filter.family = form.family;
  for (const key of ['token_name', 'model', 'group', 'request_id'] as const) {
    const value = form[key].trim();
    if (value !== '') filter[key] = value;
  }
  const channel = Number(form.channel.trim());
  if (form.channel.trim() !== '' && Number.isInteger(channel)) filter.channel = channel;
  return filter;
}

interface Props {
  initial: FilterForm;
  /** The channel filter's choices; `off` hides it (your own records have no channels). */
  channels: ChannelOptions;
  onApply: (form: FilterForm) => void;
}

export function LogFilters({ initial, channels, onApply }: Props) {
  const [form, setForm] = useState(initial);
  const { t } = useTranslation('logs');
  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  const text = (key: 'token_name' | 'model' | 'group' | 'request_id', label: string) => (
    <label className="filter">
      <span>{label}</span>
      <input value={form[key]} onChange={(e) => set(key, e.target.value)} autoComplete="off" spellCheck={false} />
    </label>
  );
  return (
    <form className="filters" onSubmit={submit} aria-label={t('filters.label')}>
      <label className="filter">
        <span>{t('filters.range')}</span>
        <select value={form.range} onChange={(e) => set('range', e.target.value as FilterForm['range'])}>
          <option value="1h">{t('filters.lastHour')}</option>
          <option value="24h">{t('filters.last24h')}</option>
          <option value="7d">{t('filters.last7d')}</option>
          <option value="30d">{t('filters.last30d')}</option>
          <option value="all">{t('filters.allTime')}</option>
        </select>
      </label>
      <label className="filter">
        <span>{t('filters.type')}</span>
        <select value={form.type} onChange={(e) => set('type', Number(e.target.value))}>
          {LOG_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t('filters.family')}</span>
        <select value={form.family} onChange={(e) => set('family', e.target.value as FilterForm['family'])}>
          <option value="">{t('filters.allFamilies')}</option>
          {CALL_FAMILIES.map((family) => (
            <option key={family} value={family}>
              {familyLabel(family)}
            </option>
          ))}
        </select>
      </label>
      {text('token_name', t('filters.keyName'))}
      {text('model', t('columns.model'))}
      {channels.status !== 'off' && <ChannelFilter options={channels} value={form.channel} onChange={(value) => set('channel', value)} />}
      {text('group', t('filters.group'))}
      {text('request_id', t('filters.requestId'))}
      <div className="filters__actions">
        <button type="submit" className="button button--primary button--small">
          {t('filters.apply')}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setForm(EMPTY_FORM);
            onApply(EMPTY_FORM);
          }}
        >
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}

/** A select of the channels by name; an id field when they could not be listed. */
function ChannelFilter({ options, value, onChange }: { options: ChannelOptions; value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  const { t } = useTranslation('logs');
  if (options.status === 'error') {
    return (
      <div className="filter">
        <label className="filter">
          <span>{t('filters.channelId')}</span>
          <input value={value} onChange={(e) => onChange(e.target.value)} inputMode="numeric" autoComplete="off" aria-describedby={hintId} />
        </label>
        <small id={hintId} className="filter__hint">
          {t('filters.channelsFailed', { reason: options.message })}
        </small>
      </div>
    );
  }
  const channels = options.status === 'ready' ? options.channels : [];
  return (
    <label className="filter">
      <span>{t('columns.channel')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} disabled={options.status !== 'ready'}>
        <option value="">{options.status === 'ready' ? t('filters.allChannels') : t('filters.loadingChannels')}</option>
        {/* A filter for a channel deleted since stays choosable. */}
        {value !== '' && !channels.some((c) => String(c.id) === value) && <option value={value}>{channelLabel(Number(value), options)}</option>}
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {channelLabel(c.id, options, c.name)}
          </option>
        ))}
      </select>
    </label>
  );
}
