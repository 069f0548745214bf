// The fields only some channel types have (renderer/lib/channel-types.ts says which), the
// call families it serves, and the channel's behaviour: test model, key order, automatic
// disabling, tag and note.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField } from './FormFields.js';
import { Field } from './Field.js';
import type { ChannelErrors, ChannelValues } from './channel-form.js';
import { CALL_FAMILIES, DEFAULT_AZURE_API_VERSION, familyLabel, hasCompletionsEndpoint, hasField, sameFamilies, typeFamilies, typeLabel, type CallFamily } from '../lib/channel-types.js';

interface Props {
  values: ChannelValues;
  errors: ChannelErrors;
  set: <K extends keyof ChannelValues>(key: K, value: ChannelValues[K]) => void;
}

/** Azure's api-version; the upstream API (chat completions or Responses) of OpenAI-style types. */
export function ChannelTypeFields({ values, errors, set }: Props) {
  const type = Number(values.type);
  const apiVersion = hasField(type, 'api_version');
  const protocol = hasField(type, 'upstream_protocol');
  const { t } = useTranslation('channels');
  if (!apiVersion && !protocol) return null;
  return (
    <div className="form-row">
      {apiVersion && (
        <Field
          label={t('form.apiVersion')}
          name="api_version"
          spellCheck={false}
          value={values.apiVersion}
          onChange={(e) => set('apiVersion', e.currentTarget.value)}
          placeholder={DEFAULT_AZURE_API_VERSION}
          error={errors.apiVersion}
          hint={t('form.apiVersionHint', { version: DEFAULT_AZURE_API_VERSION })}
        />
      )}
      {protocol && (
        <SelectField
          label={t('form.upstreamApi')}
          name="upstream_protocol"
          value={values.protocol}
          onChange={(e) => set('protocol', e.currentTarget.value === 'responses' ? 'responses' : 'chat')}
          options={[
            { value: 'chat', label: t('form.chatApi') },
            { value: 'responses', label: t('form.responsesApi') },
          ]}
          hint={t('form.upstreamApiHint')}
        />
      )}
    </div>
  );
}

/**
 * "Serves": the call families the channel takes, its type's defaults until changed. A choice
 * equal to the defaults is kept as "the defaults", so it follows a later change of type.
 */
export function ChannelFamiliesField({ values, errors, set }: Props) {
  const type = Number(values.type);
  const defaults = typeFamilies(type);
  const served = values.families ?? defaults;
  const hintId = useId();
  const { t } = useTranslation('channels');
  function toggle(family: CallFamily, on: boolean) {
    const next = CALL_FAMILIES.filter((f) => (f === family ? on : served.includes(f)));
    set('families', sameFamilies(next, defaults) ? null : next);
  }
  return (
    <fieldset className={`form-section family-choices${errors.families ? ' field--invalid' : ''}`} aria-describedby={hintId}>
      <legend>{t('form.serves')}</legend>
      <div className="family-choices__list">
        {CALL_FAMILIES.map((family) => (
          <label key={family} className="family-choices__item">
            <input type="checkbox" name="families" value={family} checked={served.includes(family)} onChange={(e) => toggle(family, e.currentTarget.checked)} />
            {familyLabel(family)}
          </label>
        ))}
      </div>
      {served.includes('completions') && hasCompletionsEndpoint(type) && values.protocol !== 'responses' && (
        <CheckboxField
          label={t('form.completionsViaChat')}
          checked={values.completionsViaChat}
          onChange={(on) => set('completionsViaChat', on)}
          hint={t('form.completionsViaChatHint')}
        />
      )}
      {errors.families && <p className="field__error">{errors.families}</p>}
      <p id={hintId} className="field__hint">
        {t('form.servesHint')}{' '}
        {values.families === null ? (
          t('form.defaults', { type: typeLabel(type) })
        ) : (
          <button type="button" className="button button--secondary button--small" onClick={() => set('families', null)}>
            {t('form.backToDefaults', { type: typeLabel(type) })}
          </button>
        )}
      </p>
    </fieldset>
  );
}

/** How keys take turns; shown only while the channel has several keys. */
export function KeyModeField({ values, set }: Omit<Props, 'errors'>) {
  const { t } = useTranslation('channels');
  return (
    <SelectField
      label={t('form.keyOrder')}
      name="key_mode"
      value={values.keyMode}
      onChange={(e) => set('keyMode', e.currentTarget.value === 'polling' ? 'polling' : 'random')}
      options={[
        { value: 'random', label: t('form.random') },
        { value: 'polling', label: t('form.polling') },
      ]}
      hint={t('form.keyOrderHint')}
    />
  );
}

/** What every type has beyond the connection: test model, automatic disabling, tag and note. */
export function ChannelBehaviourFields({ values, set, models }: Omit<Props, 'errors'> & { models: string[] }) {
  const listId = useId();
  const { t } = useTranslation('channels');
  return (
    <fieldset className="form-section">
      <legend>{t('form.behaviour')}</legend>
      <div className="form-row">
        <Field
          label={t('form.testModel')}
          name="test_model"
          spellCheck={false}
          list={listId}
          value={values.testModel}
          onChange={(e) => set('testModel', e.currentTarget.value)}
          placeholder={models[0] ?? ''}
          hint={t('form.testModelHint')}
        />
        <datalist id={listId}>
          {models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
        <Field label={t('form.tag')} name="tag" spellCheck={false} value={values.tag} onChange={(e) => set('tag', e.currentTarget.value)} hint={t('form.tagHint')} />
      </div>
      <CheckboxField
        label={t('form.autoBan')}
        checked={values.autoBan}
        onChange={(on) => set('autoBan', on)}
        hint={t('form.autoBanHint')}
      />
      <Field label={t('form.note')} name="remark" value={values.remark} onChange={(e) => set('remark', e.currentTarget.value)} hint={t('form.noteHint')} />
    </fieldset>
  );
}
