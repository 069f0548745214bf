import type { ChatParams } from '../../api/playground.js';

export interface ParamForm {
  temperature: string;
  top_p: string;
  max_tokens: string;
  reasoning_effort: '' | 'minimal' | 'low' | 'medium' | 'high';
}

export const DEFAULT_PARAMS: ParamForm = { temperature: '', top_p: '', max_tokens: '', reasoning_effort: '' };

/** Blank fields are left out of the request (the upstream default applies). Errors name the field. */
export function toParams(form: ParamForm): { params: Omit<ChatParams, 'model' | 'prompt'>; errors: Partial<Record<keyof ParamForm, string>> } {
  const params: Omit<ChatParams, 'model' | 'prompt'> = {};
  const errors: Partial<Record<keyof ParamForm, string>> = {};
  const num = (key: 'temperature' | 'top_p' | 'max_tokens', min: number, max: number, integer: boolean) => {
    const text = form[key].trim();
    if (text === '') return;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      errors[key] = integer ? `Enter a whole number from ${min} to ${max}.` : `Enter a number from ${min} to ${max}.`;
      return;
    }
    params[key] = value;
  };
  num('temperature', 0, 2, false);
  num('top_p', 0, 1, false);
  num('max_tokens', 1, 1_000_000, true);
  if (form.reasoning_effort) params.reasoning_effort = form.reasoning_effort;
  return { params, errors };
}
