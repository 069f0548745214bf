import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { listOptions, saveOptions, type OptionValue, type OptionView } from '../api/options.js';
import { Alert } from '../components/Alert.js';
import { Field } from '../components/Field.js';
import { SelectField } from '../components/FormFields.js';
import { Switch } from '../components/Switch.js';

/** Draft values as typed: text for inputs, booleans for switches. */
type Draft = Record<string, string | boolean>;

function toDraft(option: OptionView): string | boolean {
  if (option.type === 'boolean') return option.value === true;
  if (option.type === 'secret') return '';
  return option.value === null ? '' : String(option.value);
}

/** Words of setting names that are written in capitals. */
const ACRONYMS = new Set(['api', 'smtp', 'lan', 'url', 'ip']);

/** `api_rate_limit` → "API rate limit". */
function humanize(key: string): string {
  const text = key
    .split('_')
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Checks a draft against the option's rules: an error message, or the value to send. */
function check(option: OptionView, draft: string | boolean): { error: string } | { value: OptionValue } {
  if (option.type === 'boolean') return { value: draft === true };
  const text = String(draft).trim();
  if (option.type === 'integer' || option.type === 'number') {
    if (text === '') return { error: 'Enter a number.' };
    const number = Number(text);
    if (!Number.isFinite(number) || (option.type === 'integer' && !Number.isInteger(number))) return { error: option.type === 'integer' ? 'Enter a whole number.' : 'Enter a number.' };
    if (option.min !== undefined && number < option.min) return { error: `At least ${option.min}.` };
    if (option.max !== undefined && number > option.max) return { error: `At most ${option.max}.` };
    return { value: number };
  }
  if (option.required && text === '') return { error: 'Required.' };
  if (option.maxLength !== undefined && text.length > option.maxLength) return { error: `At most ${option.maxLength} characters.` };
  if (option.pattern !== undefined && text !== '') {
    try {
      if (!new RegExp(option.pattern).test(text)) return { error: option.patternHint ?? 'Not in the expected form.' };
    } catch {
      // A pattern the browser cannot read is left to the relay.
    }
  }
  return { value: text };
}

/** Settings (root): every relay option, grouped, from the relay's own metadata. */
export default function SettingsPage() {
  const [options, setOptions] = useState<OptionView[] | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [messages, setMessages] = useState<Record<string, { tone: 'error' | 'success'; text: string }>>({});
  const [attempted, setAttempted] = useState<Record<string, boolean>>({});

  const load = useCallback(async () => {
    setError(null);
    try {
      const list = await listOptions();
      setOptions(list);
      setDraft(Object.fromEntries(list.map((o) => [o.key, toDraft(o)])));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not load the settings.');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (error !== null)
    return (
      <div className="page page--narrow">
        <h1>Settings</h1>
        <Alert tone="error">{error}</Alert>
        <div>
          <button type="button" className="button button--secondary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      </div>
    );
  if (options === null)
    return (
      <div className="page page--narrow">
        <h1>Settings</h1>
        <p className="loading">Loading…</p>
      </div>
    );

  const groups = [...new Set(options.map((o) => o.group))];

  const changed = (option: OptionView) => (option.type === 'secret' ? draft[option.key] !== '' : draft[option.key] !== toDraft(option));

  async function save(group: string, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted((current) => ({ ...current, [group]: true }));
    const inGroup = options!.filter((o) => o.group === group && changed(o));
    const values: Record<string, OptionValue> = {};
    for (const option of inGroup) {
      const result = check(option, draft[option.key] ?? '');
      if ('error' in result) {
        setMessages((current) => ({ ...current, [group]: { tone: 'error', text: `Fix the highlighted setting${inGroup.length > 1 ? 's' : ''} first.` } }));
        return;
      }
      values[option.key] = result.value;
    }
    if (inGroup.length === 0) {
      setMessages((current) => ({ ...current, [group]: { tone: 'success', text: 'Nothing changed.' } }));
      return;
    }
    setSaving(group);
    try {
      await saveOptions(values);
      const restart = inGroup.filter((o) => o.restart).map((o) => humanize(o.key));
      await load();
      setMessages((current) => ({ ...current, [group]: { tone: 'success', text: restart.length > 0 ? `Saved. ${restart.join(', ')}: applies at the next start.` : 'Saved.' } }));
    } catch (caught) {
      setMessages((current) => ({ ...current, [group]: { tone: 'error', text: caught instanceof Error ? caught.message : 'Could not save.' } }));
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <div>
          <h1>Settings</h1>
          <p className="lead">How this relay behaves. Only the owner sees this page.</p>
        </div>
      </div>
      {groups.map((group) => {
        const inGroup = options.filter((o) => o.group === group);
        const message = messages[group];
        return (
          <section key={group} className="card" aria-labelledby={`settings-${group}`}>
            <h2 id={`settings-${group}`}>{humanize(group)}</h2>
            <form className="form form--dialog settings-form" onSubmit={(event) => void save(group, event)} noValidate>
              {inGroup.map((option) => {
                const value = draft[option.key] ?? '';
                const result = attempted[group] && changed(option) ? check(option, value) : null;
                const fieldError = result !== null && 'error' in result ? result.error : undefined;
                const hint = `${option.description}${option.restart ? ' (Applies at the next start.)' : ''}`;
                const set = (next: string | boolean) => setDraft((current) => ({ ...current, [option.key]: next }));
                if (option.type === 'boolean')
                  return (
                    <div key={option.key} className="setting-switch">
                      <Switch checked={value === true} label={humanize(option.key)} showLabel onChange={set} />
                      <p className="field__hint">{hint}</p>
                    </div>
                  );
                if (option.type === 'enum')
                  return (
                    <SelectField
                      key={option.key}
                      label={humanize(option.key)}
                      value={String(value)}
                      onChange={(e) => set(e.currentTarget.value)}
                      options={(option.values ?? []).map((v) => ({ value: v, label: v }))}
                      hint={hint}
                    />
                  );
                return (
                  <Field
                    key={option.key}
                    label={humanize(option.key)}
                    type={option.type === 'secret' ? 'password' : 'text'}
                    inputMode={option.type === 'integer' || option.type === 'number' ? 'decimal' : undefined}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={option.type === 'secret' ? (option.set ? 'Stored — type to replace' : 'Not set') : undefined}
                    value={String(value)}
                    onChange={(e) => set(e.currentTarget.value)}
                    error={fieldError}
                    hint={hint}
                  />
                );
              })}
              {message !== undefined && <Alert tone={message.tone}>{message.text}</Alert>}
              <div className="actions">
                <button type="submit" className="button button--primary" disabled={saving !== null}>
                  {saving === group ? 'Saving…' : `Save ${humanize(group).toLowerCase()}`}
                </button>
              </div>
            </form>
          </section>
        );
      })}
    </div>
  );
}
