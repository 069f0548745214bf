// Settings (root): every relay option from the relay's own metadata, in sections with a side
// index; one save bar at the bottom appears with the first change, counts what is unsaved,
// and saves everything at once (checked first, all or nothing) or discards it.
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.js';
import { useCallback, useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { listOptions, saveOptions, type OptionValue, type OptionView } from '../api/options.js';
import { Alert } from '../components/Alert.js';
import { Field } from '../components/Field.js';
import { SelectField } from '../components/FormFields.js';
import { Switch } from '../components/Switch.js';
import { QUOTA_PER_USD, quotaToUsdInput } from '../lib/money.js';
import { humanizeSettingKey } from '../lib/setting-names.js';
import './settings.css';

/** Draft values as typed: text for inputs, booleans for switches. */
type Draft = Record<string, string | boolean>;

/** An amount of quota (`…_quota`, 500 000 = 1 USD): shown and typed in US dollars. */
function isAmount(option: OptionView): boolean {
  return option.type === 'integer' && option.key.endsWith('_quota');
}

function toDraft(option: OptionView): string | boolean {
  if (option.type === 'boolean') return option.value === true;
  if (option.type === 'secret') return '';
  if (isAmount(option) && typeof option.value === 'number') return quotaToUsdInput(option.value);
  return option.value === null ? '' : String(option.value);
}

/** The setting's name from the catalogue (the key in words for one it lacks). */
function nameOf(option: OptionView): string {
  return settingText(option.key, 'label') ?? humanizeSettingKey(option.key);
}

/** The field's label: amounts say their currency. */
function labelOf(option: OptionView): string {
  return isAmount(option) ? i18n.t('operators:settings.usd', { name: nameOf(option) }) : nameOf(option);
}

/** The setting's description from the catalogue, else the relay's own. */
function descriptionOf(option: OptionView): string {
  return settingText(option.key, 'description') ?? option.description;
}

/** One of the setting's texts in the catalogue (`label`, `description`, `patternHint`, `values.<choice>`). */
function settingText(key: string, part: string): string | undefined {
  const id = `settings:${key}.${part}`;
  return i18n.exists(id) ? i18n.t(id) : undefined;
}

/** Checks a draft against the option's rules: an error message, or the value to send. */
function check(option: OptionView, draft: string | boolean): { error: string } | { value: OptionValue } {
  if (option.type === 'boolean') return { value: draft === true };
  const text = String(draft).trim();
  if (isAmount(option)) {
    const usd = Number(text);
    if (text === '' || !Number.isFinite(usd)) return { error: i18n.t('operators:settings.enterUsd') };
    const quota = Math.round(usd * QUOTA_PER_USD);
    if (option.min !== undefined && quota < option.min) return { error: i18n.t('operators:settings.atLeastUsd', { min: quotaToUsdInput(option.min) }) };
    if (option.max !== undefined && quota > option.max) return { error: i18n.t('operators:settings.atMostUsd', { max: quotaToUsdInput(option.max) }) };
    return { value: quota };
  }
  if (option.type === 'integer' || option.type === 'number') {
    if (text === '') return { error: i18n.t('operators:settings.enterNumber') };
    const number = Number(text);
    if (!Number.isFinite(number) || (option.type === 'integer' && !Number.isInteger(number))) return { error: option.type === 'integer' ? i18n.t('common:inline.whole') : i18n.t('operators:settings.enterNumber') };
    if (option.min !== undefined && number < option.min) return { error: i18n.t('operators:settings.atLeast', { min: option.min }) };
    if (option.max !== undefined && number > option.max) return { error: i18n.t('operators:settings.atMost', { max: option.max }) };
    return { value: number };
  }
  if (option.required && text === '') return { error: i18n.t('operators:settings.required') };
  if (option.maxLength !== undefined && text.length > option.maxLength) return { error: i18n.t('operators:settings.maxLength', { max: option.maxLength }) };
  if (option.pattern !== undefined && text !== '') {
    try {
      if (!new RegExp(option.pattern).test(text)) return { error: settingText(option.key, 'patternHint') ?? option.patternHint ?? i18n.t('operators:settings.pattern') };
    } catch {
      // A pattern the browser cannot read is left to the relay.
    }
  }
  return { value: text };
}

/** The relay's settings (root only). */
export default function SettingsPage() {
  const [options, setOptions] = useState<OptionView[] | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const { t } = useTranslation('operators');

  const load = useCallback(async () => {
    setError(null);
    try {
      const list = await listOptions();
      setOptions(list);
      setDraft(Object.fromEntries(list.map((o) => [o.key, toDraft(o)])));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('settings.loadFailed'));
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const changed = (option: OptionView) => (option.type === 'secret' ? draft[option.key] !== '' : draft[option.key] !== toDraft(option));
  const unsaved = options === null ? [] : options.filter(changed);

  // Leaving the page (closing, reloading) with unsaved changes asks first.
  useEffect(() => {
    if (unsaved.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved.length]);

  if (error !== null)
    return (
      <div className="page page--narrow">
        <h1>{t('common:nav.settings')}</h1>
        <Alert tone="error">{error}</Alert>
        <div>
          <button type="button" className="button button--secondary" onClick={() => void load()}>
            {t('common:actions.retry')}
          </button>
        </div>
      </div>
    );
  if (options === null)
    return (
      <div className="page page--narrow">
        <h1>{t('common:nav.settings')}</h1>
        <p className="loading">{t('common:app.loadingPage')}</p>
      </div>
    );

  const groups = [...new Set(options.map((o) => o.group))];

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const values: Record<string, OptionValue> = {};
    for (const option of unsaved) {
      const result = check(option, draft[option.key] ?? '');
      if ('error' in result) {
        setMessage({ tone: 'error', text: t('settings.fixFirst', { count: unsaved.length }) });
        return;
      }
      values[option.key] = result.value;
    }
    if (unsaved.length === 0) return;
    setSaving(true);
    try {
      await saveOptions(values);
      const restart = unsaved.filter((o) => o.restart).map(nameOf);
      await load();
      setAttempted(false);
      setMessage({ tone: 'success', text: restart.length > 0 ? t('settings.savedRestart', { names: restart.join(', ') }) : t('settings.saved') });
    } catch (caught) {
      setMessage({ tone: 'error', text: caught instanceof Error ? caught.message : t('settings.saveFailed') });
    } finally {
      setSaving(false);
    }
  }

  const discard = () => {
    setDraft(Object.fromEntries(options.map((o) => [o.key, toDraft(o)])));
    setAttempted(false);
    setMessage(null);
  };

  return (
    <div className="page settings-page">
      <div className="page__header">
        <div>
          <h1>{t('common:nav.settings')}</h1>
          <p className="lead">{t('settings.lead')}</p>
        </div>
      </div>
      <div className="settings-layout">
        <nav className="settings-index" aria-label={t('settings.sections')}>
          <ul>
            {groups.map((group) => {
              const count = unsaved.filter((o) => o.group === group).length;
              return (
                <li key={group}>
                  <a href={`#settings-${slug(group)}`} onClick={(event) => jumpTo(event, group)}>
                    {groupName(group)}
                    {count > 0 && <span className="settings-index__dot" aria-label={t('settings.unsavedN', { count })} title={t('settings.unsavedN', { count })} />}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <form className="settings-sections" onSubmit={(event) => void save(event)} noValidate>
          {groups.map((group) => (
            <section key={group} id={`settings-${slug(group)}`} className="card settings-section" aria-labelledby={`settings-${slug(group)}-title`}>
              <h2 id={`settings-${slug(group)}-title`}>{groupName(group)}</h2>
              <div className="form form--dialog settings-form">
                {options
                  .filter((o) => o.group === group)
                  .map((option) => {
                    const value = draft[option.key] ?? '';
                    const result = attempted && changed(option) ? check(option, value) : null;
                    const fieldError = result !== null && 'error' in result ? result.error : undefined;
                    const hint = option.restart ? `${descriptionOf(option)} ${t('settings.atNextStart')}` : descriptionOf(option);
                    const set = (next: string | boolean) => {
                      setDraft((current) => ({ ...current, [option.key]: next }));
                      setMessage(null);
                    };
                    if (option.type === 'boolean')
                      return (
                        <div key={option.key} className="setting-switch">
                          <Switch checked={value === true} label={labelOf(option)} showLabel onChange={set} />
                          <p className="field__hint">{hint}</p>
                        </div>
                      );
                    if (option.type === 'enum')
                      return (
                        <SelectField
                          key={option.key}
                          label={labelOf(option)}
                          value={String(value)}
                          onChange={(e) => set(e.currentTarget.value)}
                          options={(option.values ?? []).map((v) => ({ value: v, label: settingText(option.key, `values.${v}`) ?? v }))}
                          hint={hint}
                        />
                      );
                    return (
                      <Field
                        key={option.key}
                        label={labelOf(option)}
                        type={option.type === 'secret' ? 'password' : 'text'}
                        inputMode={option.type === 'integer' || option.type === 'number' ? 'decimal' : undefined}
                        autoComplete="off"
                        spellCheck={false}
                        placeholder={option.type === 'secret' ? (option.set ? t('settings.stored') : t('settings.notSet')) : undefined}
                        value={String(value)}
                        onChange={(e) => set(e.currentTarget.value)}
                        error={fieldError}
                        hint={hint}
                      />
                    );
                  })}
              </div>
            </section>
          ))}
          {(unsaved.length > 0 || message !== null) && (
            <div className="settings-savebar" role="region" aria-label={t('settings.unsavedLabel')}>
              <span className="settings-savebar__text" data-testid="settings-unsaved">
                {unsaved.length > 0 ? t('settings.unsaved', { count: unsaved.length, names: unsaved.map(nameOf).join(', ') }) : ''}
              </span>
              {message !== null && (
                <Alert tone={message.tone}>
                  {message.text}
                </Alert>
              )}
              {unsaved.length > 0 && (
                <div className="actions">
                  <button type="button" className="button button--secondary" onClick={discard} disabled={saving}>
                    {t('settings.discard')}
                  </button>
                  <button type="submit" className="button button--primary" disabled={saving}>
                    {saving ? t('common:actions.saving') : t('settings.save')}
                  </button>
                </div>
              )}
            </div>
          )}
        </form>
      </div>
    </div>
  );
}

/** A section's name: the catalogue's for the sections the relay has, else the group in words. */
function groupName(group: string): string {
  const key = `operators:settings.groups.${slug(group)}`;
  return i18n.exists(key) ? i18n.t(key) : humanizeSettingKey(group);
}

/** "rate limits" → "rate-limits", for the sections' ids and the index's links. */
function slug(group: string): string {
  return group.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The index scrolls to its section (and into its first field) without touching the console's URL. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, group: string): void {
  const section = document.getElementById(`settings-${slug(group)}`);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
}
