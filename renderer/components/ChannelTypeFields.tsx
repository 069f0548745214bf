// The fields only some channel types have (renderer/lib/channel-types.ts says which), the
// call families it serves, and the channel's behaviour: test model, key order, automatic
// disabling, tag and note.
import { useId } from 'react';
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
  if (!apiVersion && !protocol) return null;
  return (
    <div className="form-row">
      {apiVersion && (
        <Field
          label="API version"
          name="api_version"
          spellCheck={false}
          value={values.apiVersion}
          onChange={(e) => set('apiVersion', e.currentTarget.value)}
          placeholder={DEFAULT_AZURE_API_VERSION}
          error={errors.apiVersion}
          hint={`Azure's api-version query parameter. Empty: the relay's default, ${DEFAULT_AZURE_API_VERSION}.`}
        />
      )}
      {protocol && (
        <SelectField
          label="Upstream API"
          name="upstream_protocol"
          value={values.protocol}
          onChange={(e) => set('protocol', e.currentTarget.value === 'responses' ? 'responses' : 'chat')}
          options={[
            { value: 'chat', label: 'Chat Completions (/v1/chat/completions)' },
            { value: 'responses', label: 'Responses (/v1/responses)' },
          ]}
          hint="How the relay calls this upstream, whatever API the client used. Choose Responses for models served only there."
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
  function toggle(family: CallFamily, on: boolean) {
    const next = CALL_FAMILIES.filter((f) => (f === family ? on : served.includes(f)));
    set('families', sameFamilies(next, defaults) ? null : next);
  }
  return (
    <fieldset className={`form-section family-choices${errors.families ? ' field--invalid' : ''}`} aria-describedby={hintId}>
      <legend>Serves</legend>
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
          label="Completions through chat"
          checked={values.completionsViaChat}
          onChange={(on) => set('completionsViaChat', on)}
          hint="Send /v1/completions calls to this upstream as chat calls, for models it serves only by chat (current OpenAI models). Off: they go to its own completions endpoint."
        />
      )}
      {errors.families && <p className="field__error">{errors.families}</p>}
      <p id={hintId} className="field__hint">
        The kinds of calls routed here.{' '}
        {values.families === null ? (
          `${typeLabel(type)}'s defaults.`
        ) : (
          <button type="button" className="button button--secondary button--small" onClick={() => set('families', null)}>
            Back to {typeLabel(type)}'s defaults
          </button>
        )}
      </p>
    </fieldset>
  );
}

/** How keys take turns; shown only while the channel has several keys. */
export function KeyModeField({ values, set }: Omit<Props, 'errors'>) {
  return (
    <SelectField
      label="Key order"
      name="key_mode"
      value={values.keyMode}
      onChange={(e) => set('keyMode', e.currentTarget.value === 'polling' ? 'polling' : 'random')}
      options={[
        { value: 'random', label: 'Random: any enabled key' },
        { value: 'polling', label: 'In turn: one key after the other' },
      ]}
      hint="Which of the channel's keys each call uses. Disabled keys are skipped either way."
    />
  );
}

/** What every type has beyond the connection: test model, automatic disabling, tag and note. */
export function ChannelBehaviourFields({ values, set, models }: Omit<Props, 'errors'> & { models: string[] }) {
  const listId = useId();
  return (
    <fieldset className="form-section">
      <legend>Behaviour</legend>
      <div className="form-row">
        <Field
          label="Test model"
          name="test_model"
          spellCheck={false}
          list={listId}
          value={values.testModel}
          onChange={(e) => set('testModel', e.currentTarget.value)}
          placeholder={models[0] ?? ''}
          hint="The model Test and Test all call. Empty: the first model."
        />
        <datalist id={listId}>
          {models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
        <Field label="Tag" name="tag" spellCheck={false} value={values.tag} onChange={(e) => set('tag', e.currentTarget.value)} hint="Optional: a label shared by related channels." />
      </div>
      <CheckboxField
        label="Disable keys the upstream refuses"
        checked={values.autoBan}
        onChange={(on) => set('autoBan', on)}
        hint="A key answered 401/403 or out of credit is switched off and retried later (when automatic disabling is on in Settings)."
      />
      <Field label="Note" name="remark" value={values.remark} onChange={(e) => set('remark', e.currentTarget.value)} hint="For you only; the channel search finds it." />
    </fieldset>
  );
}
