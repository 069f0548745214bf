// Sampling parameters (temperature, top_p, max tokens, reasoning effort) and function tools.
import { useTranslation } from 'react-i18next';
import type { ParamErrors, ParamForm } from './params.js';

/** An example of the tools field, the same in every language. */
const TOOLS_EXAMPLE = '[{"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]';

export function ParamsPanel({ value, errors, onChange, disabled }: { value: ParamForm; errors: ParamErrors; onChange: (next: ParamForm) => void; disabled: boolean }) {
  const { t } = useTranslation('operators');
  const field = (key: 'temperature' | 'top_p' | 'max_tokens', label: string, hint: string, step: string) => (
    <div className={`field${errors[key] ? ' field--invalid' : ''}`}>
      <label htmlFor={`pg-${key}`}>{label}</label>
      <input
        id={`pg-${key}`}
        type="number"
        inputMode="decimal"
        step={step}
        placeholder={t('pg.default')}
        value={value[key]}
        disabled={disabled}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`pg-${key}-hint`}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
      <span id={`pg-${key}-hint`} className={errors[key] ? 'field__error' : 'field__hint'}>
        {errors[key] ?? hint}
      </span>
    </div>
  );
  return (
    <fieldset className="pg-params" disabled={disabled}>
      <legend>{t('pg.parameters')}</legend>
      {field('temperature', t('pg.temperature'), t('pg.temperatureHint'), '0.1')}
      {field('top_p', t('pg.topP'), t('pg.topPHint'), '0.05')}
      {field('max_tokens', t('pg.maxTokens'), t('pg.maxTokensHint'), '1')}
      <div className="field">
        <label htmlFor="pg-effort">{t('pg.effort')}</label>
        <select id="pg-effort" value={value.reasoning_effort} onChange={(e) => onChange({ ...value, reasoning_effort: e.target.value as ParamForm['reasoning_effort'] })}>
          <option value="">{t('pg.notSet')}</option>
          <option value="minimal">{t('pg.minimal')}</option>
          <option value="low">{t('pg.low')}</option>
          <option value="medium">{t('pg.medium')}</option>
          <option value="high">{t('pg.high')}</option>
        </select>
        <span className="field__hint">{t('pg.effortHint')}</span>
      </div>
      <div className={`field${errors.tools ? ' field--invalid' : ''}`}>
        <label htmlFor="pg-tools">{t('pg.tools')}</label>
        <textarea
          id="pg-tools"
          rows={4}
          spellCheck={false}
          className="pg-code"
          placeholder={TOOLS_EXAMPLE}
          value={value.tools}
          aria-invalid={errors.tools ? true : undefined}
          aria-describedby="pg-tools-hint"
          onChange={(e) => onChange({ ...value, tools: e.target.value })}
        />
        <span id="pg-tools-hint" className={errors.tools ? 'field__error' : 'field__hint'}>
          {errors.tools ?? t('pg.toolsHint')}
        </span>
      </div>
    </fieldset>
  );
}
