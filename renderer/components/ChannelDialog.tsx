// The add/edit channel dialog, shared by the Channels page and the first-run wizard.
import { useId, useState, type FormEvent } from 'react';
import { createChannel, fetchModels, updateChannel, type ChannelView } from '../api/channels.js';
import { AdvancedCustomEditor, advancedCustomOf, routesError, routesFromJson, type RouteDraft } from './AdvancedCustomEditor.js';
import { Alert } from './Alert.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';
import { MultiKeyPanel } from './MultiKeyPanel.js';
import { jsonObjectError, SelectField, TextAreaField } from './FormFields.js';
import { CHANNEL_TYPES } from '../lib/channel-types.js';

/** The types, their default addresses and key hints: one list, shared with the Channels table. */
const TYPES = CHANNEL_TYPES;

interface Values {
  type: string;
  name: string;
  baseUrl: string;
  keys: string;
  models: string;
  group: string;
  priority: string;
  weight: string;
  mapping: string;
  headers: string;
  proxy: string;
}

type Errors = Partial<Record<keyof Values, string>>;

function toModels(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((m) => m.trim()).filter(Boolean))];
}

function validate(values: Values, isNew: boolean): Errors {
  const errors: Errors = {};
  if (values.name.trim() === '') errors.name = 'Give the channel a name.';
  if (values.baseUrl.trim() !== '' && !/^https?:\/\/\S+$/.test(values.baseUrl.trim())) errors.baseUrl = 'Start with http:// or https://.';
  if (isNew && values.type !== '4' && values.keys.trim() === '') errors.keys = 'Enter at least one API key.';
  if (toModels(values.models).length === 0) errors.models = 'Give at least one model (Fetch models lists them).';
  if (!/^-?\d+$/.test(values.priority.trim())) errors.priority = 'A whole number.';
  if (!/^\d+$/.test(values.weight.trim())) errors.weight = 'A whole number, 0 or more.';
  const mapping = jsonObjectError(values.mapping);
  if (mapping !== null) errors.mapping = mapping;
  const headers = jsonObjectError(values.headers);
  if (headers !== null) errors.headers = headers;
  if (values.proxy.trim() !== '' && !/^(https?|socks5h?):\/\/\S+$/.test(values.proxy.trim())) errors.proxy = 'An http://, https:// or socks5:// URL.';
  return errors;
}

function jsonText(map: Record<string, string>): string {
  return Object.keys(map).length === 0 ? '' : JSON.stringify(map, null, 2);
}

/** Adds a channel (`channel` null) or edits one; Fetch models lists what the upstream serves. */
export function ChannelDialog({ channel, onClose, onSaved }: { channel: ChannelView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const formId = useId();
  const isNew = channel === null;
  const [values, setValues] = useState<Values>(() =>
    channel === null
      ? { type: '1', name: '', baseUrl: TYPES[0]!.baseUrl, keys: '', models: '', group: 'default', priority: '0', weight: '0', mapping: '', headers: '', proxy: '' }
      : {
          type: String(channel.type),
          name: channel.name,
          baseUrl: channel.base_url,
          keys: '',
          models: channel.models.join(', '),
          group: channel.groups.join(', '),
          priority: String(channel.priority),
          weight: String(channel.weight),
          mapping: jsonText(channel.model_mapping),
          headers: jsonText(channel.header_override),
          proxy: channel.proxy,
        },
  );
  const [routes, setRoutes] = useState<RouteDraft[]>(() => routesFromJson(channel?.settings?.advanced_custom));
  const [keysOpen, setKeysOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<string[] | null>(null);
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string | null>(null);
  const errors = attempted ? validate(values, isNew) : {};
  const isAdvanced = values.type === '58';
  const routeProblem = isAdvanced && attempted ? routesError(routes) : null;
  // The API names the field at fault (advanced_custom…): shown under the routes too.
  const routeError = routeProblem ?? (isAdvanced && serverError !== null && /advanced_custom|route/i.test(serverError) ? serverError : null);
  const typeInfo = TYPES.find((t) => String(t.type) === values.type);
  const selected = new Set(toModels(values.models));

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function changeType(next: string) {
    const previous = TYPES.find((t) => String(t.type) === values.type);
    const info = TYPES.find((t) => String(t.type) === next);
    setValues((current) => ({
      ...current,
      type: next,
      // Follow the type's default unless the address was typed by hand.
      baseUrl: current.baseUrl === '' || current.baseUrl === previous?.baseUrl ? (info?.baseUrl ?? '') : current.baseUrl,
    }));
    setFetched(null);
  }

  async function loadModels() {
    setFetchError(null);
    if (isNew && values.type !== '4' && values.keys.trim() === '') {
      setFetchError('Enter the API key first: the upstream lists models only for a key.');
      return;
    }
    const headerError = jsonObjectError(values.headers);
    if (headerError !== null) {
      setFetchError(`Header override: ${headerError}`);
      return;
    }
    setFetching(true);
    try {
      const models = await fetchModels({
        type: Number(values.type),
        base_url: values.baseUrl.trim(),
        ...(values.keys.trim() !== '' ? { key: values.keys } : {}),
        ...(channel !== null && values.keys.trim() === '' ? { channel_id: channel.id } : {}),
        header_override: values.headers.trim(),
        proxy: values.proxy.trim(),
        ...(values.type === '58' ? { advanced_custom: advancedCustomOf(routes) } : {}),
      });
      setFetched(models);
      if (models.length === 0) setFetchError('The upstream listed no models.');
    } catch (caught) {
      setFetchError(caught instanceof Error ? caught.message : 'Could not fetch the models.');
    } finally {
      setFetching(false);
    }
  }

  function toggleModel(model: string, on: boolean) {
    const current = toModels(values.models);
    const next = on ? [...current, model] : current.filter((m) => m !== model);
    set('models', [...new Set(next)].join(', '));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(values, isNew)).length > 0) return;
    if (values.type === '58' && routesError(routes) !== null) return;
    setSubmitting(true);
    const body = {
      type: Number(values.type),
      name: values.name.trim(),
      base_url: values.baseUrl.trim(),
      models: toModels(values.models).join(','),
      group: values.group.trim() || 'default',
      priority: Number(values.priority),
      weight: Number(values.weight),
      model_mapping: values.mapping.trim(),
      header_override: values.headers.trim(),
      proxy: values.proxy.trim(),
      ...(values.keys.trim() !== '' ? { key: values.keys } : {}),
      ...(values.type === '58' ? { advanced_custom: advancedCustomOf(routes) } : {}),
    };
    try {
      if (channel === null) {
        await createChannel(body);
        onSaved(`Added the channel “${body.name}”.`);
      } else {
        await updateChannel({ ...body, id: channel.id });
        onSaved(`Saved the channel “${body.name}”.`);
      }
    } catch (caught) {
      setServerError(caught instanceof Error ? caught.message : 'Could not save the channel.');
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      wide
      title={isNew ? 'Add a channel' : `Edit ${channel.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={submitting}>
            {submitting ? 'Saving…' : isNew ? 'Add channel' : 'Save'}
          </button>
        </>
      }
    >
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-row">
          <SelectField
            label="Type"
            name="type"
            value={values.type}
            onChange={(e) => changeType(e.currentTarget.value)}
            options={TYPES.map((t) => ({ value: String(t.type), label: t.label }))}
          />
          <Field label="Name" name="name" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoFocus={isNew} />
        </div>
        <Field
          label="Base URL"
          name="base_url"
          value={values.baseUrl}
          spellCheck={false}
          placeholder={typeInfo?.baseUrl || 'https://…'}
          onChange={(e) => set('baseUrl', e.currentTarget.value)}
          error={errors.baseUrl}
          hint={typeInfo?.baseUrl ? `Default for ${typeInfo.label}: ${typeInfo.baseUrl}` : isAdvanced ? 'The upstream address the routes’ relative paths are joined to.' : 'The upstream address.'}
        />
        {isAdvanced && <AdvancedCustomEditor routes={routes} onChange={setRoutes} error={routeError} />}
        <TextAreaField
          label={isNew ? 'API keys' : 'Replace API keys'}
          name="keys"
          rows={3}
          mono
          spellCheck={false}
          autoComplete="off"
          value={values.keys}
          onChange={(e) => set('keys', e.currentTarget.value)}
          error={errors.keys}
          hint={isNew ? `One per line (${typeInfo?.keyHint ?? 'the upstream key'}). Several keys are used in turn.` : `The channel has ${channel.key_count} key(s). Leave empty to keep them; lines entered here replace them.`}
        />
        {!isNew && channel.key_count > 1 && (
          <div className="actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setKeysOpen(true)}>
              Manage the {channel.key_count} keys
            </button>
          </div>
        )}
        <div className="field">
          <div className="models-field">
            <TextAreaField
              label="Models"
              name="models"
              rows={2}
              spellCheck={false}
              value={values.models}
              onChange={(e) => set('models', e.currentTarget.value)}
              error={errors.models}
              hint="Comma-separated: the models this channel serves."
            />
            <button type="button" className="button button--secondary button--small" onClick={() => void loadModels()} disabled={fetching}>
              {fetching ? 'Fetching…' : 'Fetch models'}
            </button>
          </div>
          {fetchError !== null && <Alert tone="error">{fetchError}</Alert>}
          {fetched !== null && fetched.length > 0 && (
            <fieldset className="picker">
              <legend>
                The upstream serves {fetched.length} model{fetched.length === 1 ? '' : 's'}: pick the ones to relay
              </legend>
              <div className="actions">
                <button type="button" className="button button--secondary button--small" onClick={() => set('models', [...new Set([...toModels(values.models), ...fetched])].join(', '))}>
                  Select all
                </button>
                <button type="button" className="button button--secondary button--small" onClick={() => set('models', '')}>
                  Clear
                </button>
              </div>
              <div className="picker__list">
                {fetched.map((model) => (
                  <label key={model} className="picker__item">
                    <input type="checkbox" checked={selected.has(model)} onChange={(e) => toggleModel(model, e.currentTarget.checked)} />
                    <span>{model}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
        <div className="form-row form-row--3">
          <Field label="Group" name="group" value={values.group} onChange={(e) => set('group', e.currentTarget.value)} hint="Comma-separated." />
          <Field label="Priority" name="priority" inputMode="numeric" value={values.priority} onChange={(e) => set('priority', e.currentTarget.value)} error={errors.priority} hint="Higher first." />
          <Field label="Weight" name="weight" inputMode="numeric" value={values.weight} onChange={(e) => set('weight', e.currentTarget.value)} error={errors.weight} hint="Share within a priority." />
        </div>
        <div className="form-row">
          <TextAreaField
            label="Model mapping"
            name="model_mapping"
            rows={3}
            mono
            spellCheck={false}
            placeholder='{"gpt-4o": "gpt-4o-2024-08-06"}'
            value={values.mapping}
            onChange={(e) => set('mapping', e.currentTarget.value)}
            error={errors.mapping ?? (values.mapping !== '' ? jsonObjectError(values.mapping) : null)}
            hint="JSON: requested name → upstream name."
          />
          <TextAreaField
            label="Header override"
            name="header_override"
            rows={3}
            mono
            spellCheck={false}
            placeholder='{"X-Title": "Relaydesk"}'
            value={values.headers}
            onChange={(e) => set('headers', e.currentTarget.value)}
            error={errors.headers ?? (values.headers !== '' ? jsonObjectError(values.headers) : null)}
            hint="JSON: headers sent upstream."
          />
        </div>
        <Field
          label="Proxy"
          name="proxy"
          spellCheck={false}
          placeholder="socks5://127.0.0.1:1080"
          value={values.proxy}
          onChange={(e) => set('proxy', e.currentTarget.value)}
          error={errors.proxy}
          hint="Optional: http://, https:// or socks5:// URL."
        />
      </form>
      {keysOpen && channel !== null && <MultiKeyPanel channel={channel} onClose={() => setKeysOpen(false)} />}
    </Dialog>
  );
}
