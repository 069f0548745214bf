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
import { i18n } from '../i18n/index.js';

/** Examples in the fields, the same in every language. */
const EXAMPLE = { url: 'https://…', mapping: '{"gpt-4o": "gpt-4o-2024-08-06"}', headers: '{"X-Title": "Relaydesk"}', proxy: 'socks5://127.0.0.1:1080' };

function baseUrlHint(type: number): string {
  const info = channelType(type);
  if (info?.baseUrl) return i18n.t('channels:dialog.baseUrlDefault', { type: info.label, url: info.baseUrl });
  if (type === ChannelType.advancedCustom) return i18n.t('channels:dialog.baseUrlRoutes');
  return info?.baseUrlExample ? i18n.t('channels:dialog.baseUrlEg', { example: info.baseUrlExample }) : i18n.t('channels:dialog.baseUrl');
}

/** Adds a channel (`channel` null) or edits one; Fetch models lists what the upstream serves. */
export function ChannelDialog({ channel, onClose, onSaved }: { channel: ChannelView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const formId = useId();
  const { t } = useTranslation(['channels', 'speed']);
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
      setFetchError(t('dialog.keyFirst'));
      return;
    }
    const headerError = jsonObjectError(values.headers);
    if (headerError !== null) {
      setFetchError(t('dialog.headerProblem', { problem: headerError }));
      return;
    }
    setFetching(true);
    try {
      const listed = await fetchModels({ ...upstreamRequest(), base_url: values.baseUrl.trim() });
      setFetched(listed);
      if (listed.length === 0) setFetchError(t('dialog.noModels'));
    } catch (caught) {
      setFetchError(caught instanceof Error ? caught.message : t('dialog.fetchFailed'));
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
        onSaved(t('dialog.added', { name: body.name }));
      } else {
        await updateChannel({ ...body, id: channel.id });
        onSaved(t('dialog.saved', { name: body.name }));
      }
    } catch (caught) {
      setServerError(caught instanceof Error ? caught.message : t('dialog.saveFailed'));
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      wide
      title={isNew ? t('dialog.addTitle') : t('dialog.editTitle', { name: channel.name })}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? t('page.add') : t('common:actions.save')} />}
    >
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-row">
          <SelectField
            label={t('dialog.type')}
            name="type"
            value={values.type}
            onChange={(e) => changeType(e.currentTarget.value)}
            options={CHANNEL_TYPES.map((info) => ({ value: String(info.type), label: info.label }))}
          />
          <Field label={t('dialog.name')} name="name" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoFocus={isNew} />
        </div>
        <Field
          label={t('dialog.baseUrlLabel')}
          name="base_url"
          value={values.baseUrl}
          spellCheck={false}
          placeholder={typeInfo?.baseUrl || typeInfo?.baseUrlExample || EXAMPLE.url}
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
              {t('speed:open')}
            </button>
          </div>
        )}
        <ChannelTypeFields values={values} errors={errors} set={set} />
        {isAdvanced && <AdvancedCustomEditor routes={routes} onChange={setRoutes} error={routeError} />}
        <TextAreaField
          label={isNew ? t('dialog.keys') : t('dialog.replaceKeys')}
          name="keys"
          rows={3}
          mono
          spellCheck={false}
          autoComplete="off"
          value={values.keys}
          onChange={(e) => set('keys', e.currentTarget.value)}
          error={errors.keys}
          hint={isNew ? t('dialog.keysHint', { hint: typeInfo?.keyHint ?? t('types.hint.upstreamKey') }) : t('dialog.replaceHint', { count: channel.key_count })}
        />
        {isMultiKey(values, channel) && (
          <div className="form-row channel-form__keys">
            <KeyModeField values={values} set={set} />
            {!isNew && channel.key_count > 1 && (
              <div className="actions">
                <button type="button" className="button button--secondary button--small" onClick={() => setKeysOpen(true)}>
                  {t('dialog.manageKeys', { count: channel.key_count })}
                </button>
              </div>
            )}
          </div>
        )}
        {!isNew && channel.key_count === 1 && (
          <div className="actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setKeysOpen(true)}>
              {t('dialog.manageKey')}
            </button>
          </div>
        )}
        <div className="field">
          <div className="models-field">
            <TextAreaField
              label={t('columns.models')}
              name="models"
              rows={2}
              spellCheck={false}
              value={values.models}
              onChange={(e) => set('models', e.currentTarget.value)}
              error={errors.models}
              hint={typeInfo?.modelsHint ? `${t('dialog.modelsHint')} ${typeInfo.modelsHint}` : t('dialog.modelsHint')}
            />
            <button type="button" className="button button--secondary button--small" onClick={() => void loadModels()} disabled={fetching}>
              {fetching ? t('dialog.fetching') : t('dialog.fetch')}
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
          <Field label={t('columns.group')} name="group" value={values.group} onChange={(e) => set('group', e.currentTarget.value)} hint={t('dialog.commas')} />
          <Field label={t('columns.priority')} name="priority" inputMode="numeric" value={values.priority} onChange={(e) => set('priority', e.currentTarget.value)} error={errors.priority} hint={t('dialog.higherFirst')} />
          <Field label={t('columns.weight')} name="weight" inputMode="numeric" value={values.weight} onChange={(e) => set('weight', e.currentTarget.value)} error={errors.weight} hint={t('dialog.share')} />
        </div>
        <div className="form-row">
          <TextAreaField
            label={t('dialog.mapping')}
            name="model_mapping"
            rows={3}
            mono
            spellCheck={false}
            placeholder={EXAMPLE.mapping}
            value={values.mapping}
            onChange={(e) => set('mapping', e.currentTarget.value)}
            error={errors.mapping ?? (values.mapping !== '' ? jsonObjectError(values.mapping) : null)}
            hint={t('dialog.mappingHint')}
          />
          <TextAreaField
            label={t('dialog.headers')}
            name="header_override"
            rows={3}
            mono
            spellCheck={false}
            placeholder={EXAMPLE.headers}
            value={values.headers}
            onChange={(e) => set('headers', e.currentTarget.value)}
            error={errors.headers ?? (values.headers !== '' ? jsonObjectError(values.headers) : null)}
            hint={t('dialog.headersHint')}
          />
        </div>
        <Field
          label={t('dialog.proxy')}
          name="proxy"
          spellCheck={false}
          placeholder={EXAMPLE.proxy}
          value={values.proxy}
          onChange={(e) => set('proxy', e.currentTarget.value)}
          error={errors.proxy}
          hint={t('dialog.proxyHint')}
        />
        <ChannelBehaviourFields values={values} set={set} models={models} />
      </form>
      {keysOpen && channel !== null && <MultiKeyPanel channel={channel} onClose={() => setKeysOpen(false)} />}
    </Dialog>
  );
}
