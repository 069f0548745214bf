import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../relay/management/contract.js';
import { saveLanguage } from '../api/user.js';
import { currentLanguage, isConsoleLanguage, switchLanguage } from '../i18n/index.js';
import './language-switcher.css';

/** Each language by its own name, the same in every language. */
const LANGUAGE_NAMES: Record<ConsoleLanguage, string> = { en: 'English', 'zh-CN': '简体中文' };

/**
 * The console language. Signed in, the choice is kept with the account (it follows the user to
 * any browser); before sign-in, in this browser only.
 */
export function LanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  async function choose(language: string) {
    if (!isConsoleLanguage(language)) return;
    setError(null);
    switchLanguage(language);
    if (!signedIn) return;
    try {
      await saveLanguage(language);
    } catch (caught) {
      setError(t('language.notSaved', { reason: caught instanceof Error ? caught.message : String(caught) }));
    }
  }

  return (
    <span className="language-switcher">
      <label>
        <span className="visually-hidden">{t('language.label')}</span>
        <select value={currentLanguage()} onChange={(event) => void choose(event.currentTarget.value)}>
          {CONSOLE_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      {error !== null && (
        <span className="language-switcher__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
