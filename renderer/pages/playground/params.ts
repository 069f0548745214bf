import { i18n } from '../../i18n/index.js';
import type { ChatParams } from '../../api/playground.js';

export interface ParamForm {
  temperature: string;
  top_p: string;
  max_tokens: string;
  reasoning_effort: '' | 'minimal' | 'low' | 'medium' | 'high';
  /** Function tools as JSON: an array of `{type: "function", function: {...}}` or of bare `{name, description, parameters}`. */
  tools: string;
}

export type ParamErrors = Partial<Record<keyof ParamForm, string>>;

export const DEFAULT_PARAMS: ParamForm = { temperature: '', top_p: '', max_tokens: '', reasoning_effort: '', tools: '' };

/** Blank fields are left out of the request (the upstream default applies). Errors name the field. */
export function toParams(form: ParamForm): { params: ChatParams; errors: ParamErrors } {
  const params: ChatParams = {};
  const errors: ParamErrors = {};
  const num = (key: 'temperature' | 'top_p' | 'max_tokens', min: number, max: number, integer: boolean) => {
    const text = form[key].trim();
    if (text === '') return;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      errors[key] = i18n.t(integer ? 'operators:pg.wholeRange' : 'operators:pg.numberRange', { min, max });
      return;
    }
    params[key] = value;
  };
  num('temperature', 0, 2, false);
  num('top_p', 0, 1, false);
  num('max_tokens', 1, 1_000_000, true);
  if (form.reasoning_effort) params.reasoning_effort = form.reasoning_effort;
  const tools = parseTools(form.tools);
  if (typeof tools === 'string') errors.tools = tools;
  else if (tools.length > 0) params.tools = tools;
  return { params, errors };
}

/** The tools field as chat-completions tools, or what is wrong with it. */
export function parseTools(text: string): unknown[] | string {
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return i18n.t('operators:pg.badJson', { reason: (error as Error).message });
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const tools: unknown[] = [];
  for (const [index, item] of list.entries()) {
    const record = item as Record<string, any> | null;
    const fn = record?.type === 'function' ? record.function : record;
    if (typeof fn !== 'object' || fn === null || typeof fn.name !== 'string' || fn.name === '') {
      return i18n.t('operators:pg.toolName', { n: index + 1 });
    }
    if (fn.parameters !== undefined && (typeof fn.parameters !== 'object' || fn.parameters === null || Array.isArray(fn.parameters))) {
      return i18n.t('operators:pg.toolParams', { name: fn.name });
    }
    tools.push({ type: 'function', function: fn });
  }
  return tools;
}
