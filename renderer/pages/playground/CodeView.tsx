// "View as curl / Python / JavaScript": the request the playground would send, as code for a
// client of the relay's /v1 routes. The API key stays a placeholder (an environment variable).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton.js';
import { CODE_LANGUAGES, KEY_VARIABLE, requestCode, type CodeLanguage, type RequestKind } from './request-code.js';

const STORAGE_KEY = 'relaydesk.playground.codeLanguage';

function storedLanguage(): CodeLanguage {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return CODE_LANGUAGES.some((l) => l.id === value) ? (value as CodeLanguage) : 'curl';
  } catch {
    return 'curl';
  }
}

export function CodeView({ kind, body }: { kind: RequestKind; body: () => Record<string, unknown> }) {
  const { t } = useTranslation('operators');
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<CodeLanguage>(storedLanguage);
  const choose = (next: CodeLanguage) => {
    setLanguage(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // the choice lasts for this page only
    }
  };
  const code = open ? requestCode(language, kind, `${window.location.origin}/v1`, body()) : '';
  return (
    <details className="pg-codeview" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('code.summary')}</summary>
      {open && (
        <>
          <div className="pg-codeview__bar">
            <div className="segmented" role="group" aria-label={t('code.language')}>
              {CODE_LANGUAGES.map((l) => (
                <button key={l.id} type="button" aria-pressed={language === l.id} onClick={() => choose(l.id)}>
                  {l.label}
                </button>
              ))}
            </div>
            <CopyButton text={code} label={t('code.copy')} className="button--small" />
          </div>
          <pre className="pg-code pg-codeview__code" data-testid="pg-request-code">
            {code}
          </pre>
          <p className="field__hint">{t('code.hint', { variable: KEY_VARIABLE })}</p>
        </>
      )}
    </details>
  );
}
