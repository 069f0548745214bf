// The add/edit channel dialog, shared by the Channels page and the first-run wizard. The form
// follows the type: its default address, key hint and the fields only it has.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from './FormDialogFooter.js';
import { createChannel, fetchModels, updateChannel, type ChannelView } from '../api/channels.js';
import { AdvancedCustomEditor, advancedCustomOf, routesError, routesFromJson, type RouteDraft } from './AdvancedCustomEditor.js';
import { Alert } from './Alert.js';
import { ChannelBehaviourFields, ChannelFamiliesField, ChannelTypeFields, KeyModeField } from './ChannelTypeFields.js';
import { initialValues, isMultiKey, toBody, toModels, validate, type ChannelValues } from './channel-form.js';
import { Dialog } from './Dialog.js';
import { EndpointSpeedTest } from './EndpointSpeedTest.js';
import { Field } from './Field.js';
import { jsonObjectError, SelectField, TextAreaField } from './FormFields.js';
import { ModelPicker } from './ModelPicker.js';
import { MultiKeyPanel } from './MultiKeyPanel.js';
import { CHANNEL_TYPES, ChannelType, channelType, hasField } from '../lib/channel-types.js';
import './channel-dialog.css';

function baseUrlHint(type: number): string {
  const info = channelType(type);
  if (info?.baseUrl) return `Default for ${info.label}: ${info.baseUrl}`;
  if (type === ChannelType.advancedCustom) return 'The upstream address the routes’ relative paths are joined to.';
  return info?.baseUrlExample ? `The upstream address, e.g. ${info.baseUrlExample}` : 'The upstream address.';
}

/** Adds a channel (`channel` null) or edits one; Fetch models lists what the upstream serves. */
export function ChannelDialog({ channel, onClose, onSaved }: { channel: ChannelView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const formId = useId();
  const { t } = useTranslation('speed');
  const isNew = channel === null;
  const [values, setValues] = useState<ChannelValues>(() => initialValues(channel));
  const [routes, setRoutes] = useState<RouteDraft[]>(() => routesFromJson(channel?.settings?.advanced_custom));
  const [keysOpen, setKeysOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<string[] | null>(null);
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string | null>(null);
  const [speedOpen, setSpeedOpen] = useState(false);
  const errors = attempted ? validate(values, isNew) : {};
  const type = Number(values.type);
  const isAdvanced = type === ChannelType.advancedCustom;
  const routeProblem = isAdvanced && attempted ? routesError(routes) : null;
  // The API names the field at fault (advanced_custom…): shown under the routes too.
  const routeError = routeProblem ?? (isAdvanced && serverError !== null && /advanced_custom|route/i.test(serverError) ? serverError : null);
  const typeInfo = channelType(type);
  const models = toModels(values.models);
  const selected = new Set(models);

  function set<K extends keyof ChannelValues>(key: K, value: ChannelValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function changeType(next: string) {
    const previous = channelType(Number(values.type));
    const info = channelType(Number(next));
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
    if (isNew && type !== ChannelType.ollama && values.keys.trim() === '') {
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
      const listed = await fetchModels({ ...upstreamRequest(), base_url: values.baseUrl.trim() });
      setFetched(listed);
      if (listed.length === 0) setFetchError('The upstream listed no models.');
    } catch (caught) {
      setFetchError(caught instanceof Error ? caught.message : 'Could not fetch the models.');
    } finally {
      setFetching(false);
    }
  }

  /** The channel as the form has it, for requests to its upstream (fetch models, speed test): the typed key, else the saved channel's. */
  function upstreamRequest() {
    return {
      type,
      ...(values.keys.trim() !== '' ? { key: values.keys } : {}),
      ...(channel !== null && values.keys.trim() === '' ? { channel_id: channel.id } : {}),
      header_override: values.headers.trim(),
      proxy: values.proxy.trim(),
      ...(isAdvanced ? { advanced_custom: advancedCustomOf(routes) } : {}),
      ...(hasField(type, 'api_version') ? { api_version: values.apiVersion.trim() } : {}),
    };
  }

  function toggleModel(model: string, on: boolean) {
    const next = on ? [...models, model] : models.filter((m) => m !== model);
    set('models', [...new Set(next)].join(', '));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(values, isNew)).length > 0) return;
    if (isAdvanced && routesError(routes) !== null) return;
    setSubmitting(true);
    const body = { ...toBody(values, channel), ...(isAdvanced ? { advanced_custom: advancedCustomOf(routes) } : {}) };
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
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? 'Add channel' : 'Save'} />}
    >
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-row">
          <SelectField
            label="Type"
            name="type"
            value={values.type}
            onChange={(e) => changeType(e.currentTarget.value)}
            options={CHANNEL_TYPES.map((t) => ({ value: String(t.type), label: t.label }))}
          />
          <Field label="Name" name="name" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoFocus={isNew} />
        </div>
        <Field
          label="Base URL"
          name="base_url"
          value={values.baseUrl}
          spellCheck={false}
          placeholder={typeInfo?.baseUrl || typeInfo?.baseUrlExample || 'https://…'}
          onChange={(e) => set('baseUrl', e.currentTarget.value)}
          error={errors.baseUrl}
          hint={baseUrlHint(type)}
        />
        {speedOpen ? (
          <EndpointSpeedTest
            request={upstreamRequest()}
            current={values.baseUrl.trim() || typeInfo?.baseUrl || ''}
            needsKey={isNew && type !== ChannelType.ollama && values.keys.trim() === ''}
            onUse={(baseUrl) => set('baseUrl', baseUrl)}
            onClose={() => setSpeedOpen(false)}
          />
        ) : (
          <div className="actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setSpeedOpen(true)}>
              {t('open')}
            </button>
          </div>
        )}
        <ChannelTypeFields values={values} errors={errors} set={set} />
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
          hint={isNew ? `One per line (${typeInfo?.keyHint ?? 'the upstream key'}). Several keys share the calls: a random one each time, or in turn (Key order).` : `The channel has ${channel.key_count} key(s). Leave empty to keep them; lines entered here replace them.`}
        />
        {isMultiKey(values, channel) && (
          <div className="form-row channel-form__keys">
            <KeyModeField values={values} set={set} />
            {!isNew && channel.key_count > 1 && (
              <div className="actions">
                <button type="button" className="button button--secondary button--small" onClick={() => setKeysOpen(true)}>
                  Manage the {channel.key_count} keys
                </button>
              </div>
            )}
          </div>
        )}
        {!isNew && channel.key_count === 1 && (
          <div className="actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setKeysOpen(true)}>
              Manage the key
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
              hint={`Comma-separated: the models this channel serves.${typeInfo?.modelsHint ? ` ${typeInfo.modelsHint}` : ''}`}
            />
            <button type="button" className="button button--secondary button--small" onClick={() => void loadModels()} disabled={fetching}>
              {fetching ? 'Fetching…' : 'Fetch models'}
            </button>
          </div>
          {fetchError !== null && <Alert tone="error">{fetchError}</Alert>}
          {fetched !== null && fetched.length > 0 && (
            <ModelPicker
              fetched={fetched}
              selected={selected}
              onToggle={toggleModel}
              onSelectAll={() => set('models', [...new Set([...models, ...fetched])].join(', '))}
              onClear={() => set('models', '')}
            />
          )}
        </div>
        <ChannelFamiliesField values={values} errors={errors} set={set} />
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
        <ChannelBehaviourFields values={values} set={set} models={models} />
      </form>
      {keysOpen && channel !== null && <MultiKeyPanel channel={channel} onClose={() => setKeysOpen(false)} />}
    </Dialog>
  );
}
