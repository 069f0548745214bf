// Sampling parameters (temperature, top_p, max tokens, reasoning effort) and function tools.
import type { ParamErrors, ParamForm } from './params.js';

export function ParamsPanel({ value, errors, onChange, disabled }: { value: ParamForm; errors: ParamErrors; onChange: (next: ParamForm) => void; disabled: boolean }) {
  const field = (key: 'temperature' | 'top_p' | 'max_tokens', label: string, hint: string, step: string) => (
    <div className={`field${errors[key] ? ' field--invalid' : ''}`}>
      <label htmlFor={`pg-${key}`}>{label}</label>
      <input
        id={`pg-${key}`}
        type="number"
        inputMode="decimal"
        step={step}
        placeholder="default"
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
      <legend>Parameters</legend>
      {field('temperature', 'Temperature', '0 to 2; blank for the default.', '0.1')}
      {field('top_p', 'Top P', '0 to 1; blank for the default.', '0.05')}
      {field('max_tokens', 'Max tokens', 'Blank for no limit.', '1')}
      <div className="field">
        <label htmlFor="pg-effort">Reasoning effort</label>
        <select id="pg-effort" value={value.reasoning_effort} onChange={(e) => onChange({ ...value, reasoning_effort: e.target.value as ParamForm['reasoning_effort'] })}>
          <option value="">Not set</option>
          <option value="minimal">Minimal</option>
          <option value="low">Low</option>
          <option value="medium">Medium</option>
          <option value="high">High</option>
        </select>
        <span className="field__hint">For reasoning models only.</span>
      </div>
      <div className={`field${errors.tools ? ' field--invalid' : ''}`}>
        <label htmlFor="pg-tools">Tools (JSON)</label>
        <textarea
          id="pg-tools"
          rows={4}
          spellCheck={false}
          className="pg-code"
          placeholder='[{"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]'
          value={value.tools}
          aria-invalid={errors.tools ? true : undefined}
          aria-describedby="pg-tools-hint"
          onChange={(e) => onChange({ ...value, tools: e.target.value })}
        />
        <span id="pg-tools-hint" className={errors.tools ? 'field__error' : 'field__hint'}>
          {errors.tools ?? 'Functions the model may call; you answer each call with its result.'}
        </span>
      </div>
    </fieldset>
  );
}
