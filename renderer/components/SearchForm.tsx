import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field.js';
import './keys.css';

interface Props {
  /** Names the search landmark ("API keys"). */
  landmark: string;
  /** What is searched, for the field and the button: "keys" → "Search keys", "Show all keys". */
  noun: string;
  placeholder: string;
  /** The search in force ('' none): with one, a button shows everything again. */
  search: string;
  onSearch: (text: string) => void;
  /** The text leaves the field once searched (a searched secret does not stay on screen). */
  forget?: (text: string) => boolean;
}

/** A list's search box: Search, and "Show all" while a search is in force. */
export function SearchForm({ landmark, noun, placeholder, search, onSearch, forget }: Props) {
  const [typed, setTyped] = useState(search);
  const { t } = useTranslation();
  return (
    <form
      className="keys-search"
      role="search"
      aria-label={landmark}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
        if (forget?.(typed)) setTyped('');
      }}
    >
      <Field label={t('search.label', { noun })} type="search" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} placeholder={placeholder} spellCheck={false} autoComplete="off" />
      <button type="submit" className="button button--secondary">
        {t('actions.search')}
      </button>
      {search !== '' && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setTyped('');
            onSearch('');
          }}
        >
          {t('search.showAll', { noun })}
        </button>
      )}
    </form>
  );
}
