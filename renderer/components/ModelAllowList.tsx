// A key's model allow list: picked from the models the user may use, or typed (any name,
// several at once with commas). Nothing picked allows every model.
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsableModel } from '../api/playground.js';
import { splitList } from '../lib/key-form.js';
import './keys.css';

export interface UsableModels {
  models: UsableModel[] | null;
  error: string | null;
}

export function ModelAllowList({ value, onChange, usable, group }: { value: string[]; onChange: (models: string[]) => void; usable: UsableModels; group: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const selected = new Set(value);
  const filter = typed.trim().toLowerCase();
  // With a group picked, only the models served to that group are offered (the key calls through it).
  const { t } = useTranslation('keys');
  const offered = (usable.models ?? []).filter((m) => group === '' || m.groups.includes(group));
  const shown = offered.filter((m) => filter === '' || m.name.toLowerCase().includes(filter));
  const toAdd = splitList(typed).filter((name) => !selected.has(name));

  function add() {
    if (toAdd.length === 0) return;
    onChange([...value, ...toAdd]);
    setTyped('');
  }

  function toggle(name: string, on: boolean) {
    onChange(on ? [...value, name] : value.filter((m) => m !== name));
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // not the form's submit
    add();
  }

  return (
    <fieldset className="form-section model-allow" aria-describedby={`${id}-hint`}>
      <legend>{t('allow.title')}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {value.length === 0 ? t('allow.none') : t('allow.only', { count: value.length })}
      </p>
      {value.length > 0 && (
        <ul className="model-allow__chips" aria-label={t('allow.picked')}>
          {value.map((name) => (
            <li key={name} className="chip model-allow__chip">
              {name}
              <button type="button" className="model-allow__remove" aria-label={t('allow.remove', { name })} onClick={() => toggle(name, false)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="model-allow__entry">
        <div className="field">
          <label htmlFor={`${id}-find`}>{t('allow.find')}</label>
          <input
            id={`${id}-find`}
            type="text"
            value={typed}
            spellCheck={false}
            autoComplete="off"
            placeholder={t('allow.placeholder')}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={onKey}
          />
        </div>
        <button type="button" className="button button--secondary button--small" disabled={toAdd.length === 0} onClick={add}>
          {t('common:actions.add')}
        </button>
        {value.length > 0 && (
          <button type="button" className="button button--secondary button--small" onClick={() => onChange([])}>
            {t('allow.every')}
          </button>
        )}
      </div>
      {usable.error !== null ? (
        <p className="field__hint" role="status">
          {t('allow.listFailed', { reason: usable.error })}
        </p>
      ) : usable.models === null ? (
        <p className="field__hint" role="status">
          {t('allow.loading')}
        </p>
      ) : offered.length === 0 ? (
        <p className="field__hint">{group === '' ? t('allow.noneServed') : t('allow.noneServedGroup', { group })}</p>
      ) : shown.length === 0 ? (
        <p className="field__hint">{t('allow.noMatch', { typed: typed.trim() })}</p>
      ) : (
        <div className="picker__list model-allow__list" role="group" aria-label={t('allow.usable')}>
          {shown.map((model) => (
            <label key={model.name} className="picker__item">
              <input type="checkbox" checked={selected.has(model.name)} onChange={(e) => toggle(model.name, e.currentTarget.checked)} />
              <span>{model.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
