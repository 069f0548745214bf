// Creating and editing an API key, and showing a new key once with client setup: shared by
// the API keys page and the first-run wizard.
import { useTranslation } from 'react-i18next';
import { useId, useState, type KeyboardEvent } from 'react';
import type { UserView } from '../../relay/management/contract.js';
import { createToken, updateToken, type NewKey, type TokenView } from '../api/tokens.js';
import { clientSnippets } from '../lib/client-snippets.js';
import { NEW_KEY_VALUES, newTokenBody, tokenUpdateBody, valuesFromToken } from '../lib/key-form.js';
import { ClientConfigWriter } from './ClientConfigWriter.js';
import { CopyButton } from './CopyButton.js';
import { Dialog } from './Dialog.js';
import { KeyFormDialog } from './KeyForm.js';
import './keys.css';

/** Creates a key; `onCreated` gets the full key (to show once) and a model it may call. */
export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: NewKey, model: string) => void }) {
  const { t } = useTranslation('keys');
  return (
    <KeyFormDialog
      title={t('dialogs.createTitle')}
      submitLabel={t('create')}
      busyLabel={t('common:actions.creating')}
      initial={NEW_KEY_VALUES}
      editing={false}
      onClose={onClose}
      onSubmit={async (values, model) => onCreated(await createToken(newTokenBody(values)), model)}
    />
  );
}

/** Edits a key's settings (never the key itself: Regenerate replaces that). */
export function EditKeyDialog({ token, onClose, onSaved }: { token: TokenView; onClose: () => void; onSaved: (updated: TokenView) => void }) {
  const { t } = useTranslation('keys');
  return (
    <KeyFormDialog
      title={t('dialogs.editTitle', { name: token.name })}
      submitLabel={t('common:actions.save')}
      busyLabel={t('common:actions.saving')}
      initial={valuesFromToken(token)}
      editing
      budgetsLeft={token.budgets_left}
      onClose={onClose}
      onSubmit={async (values) => onSaved(await updateToken(tokenUpdateBody(token, values)))}
    />
  );
}

/** The one and only time the full key is rendered: copy it, and set up a client with it (`user`: who is signed in). */
export function NewKeyDialog({ created, model, replaced, user, onClose }: { created: NewKey; model: string; replaced: boolean; user: UserView; onClose: () => void }) {
  const snippets = clientSnippets({ baseUrl: window.location.origin, key: created.key, model });
  const [tab, setTab] = useState(snippets[0]!.id);
  const baseId = useId();
  const { t } = useTranslation('keys');
  const active = snippets.find((s) => s.id === tab) ?? snippets[0]!;

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = snippets.findIndex((s) => s.id === tab);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % snippets.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + snippets.length) % snippets.length;
    if (next < 0) return;
    event.preventDefault();
    setTab(snippets[next]!.id);
    document.getElementById(`${baseId}-tab-${snippets[next]!.id}`)?.focus();
  }

  return (
    <Dialog
      open
      wide
      title={replaced ? t('dialogs.regenerated') : t('dialogs.new')}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('money:make.done')}
        </button>
      }
    >
      <div className="token" data-testid="new-key-panel">
        <label htmlFor={`${baseId}-key`} className="token__label">
          {created.name}
        </label>
        <div className="copy-row">
          <input id={`${baseId}-key`} className="copy-row__value copy-row__input" readOnly value={created.key} spellCheck={false} onFocus={(e) => e.currentTarget.select()} aria-label={t('dialogs.key')} />
          <CopyButton text={created.key} label={t('dialogs.copyKey')} />
        </div>
        <p className="token__warning" role="status">
          {t('dialogs.copyNow')}
        </p>
      </div>

      <h3 className="section-title">{t('dialogs.setUp')}</h3>
      <div className="tabs" role="tablist" aria-label={t('dialogs.client')} onKeyDown={onTabKey}>
        {snippets.map((snippet) => (
          <button
            key={snippet.id}
            id={`${baseId}-tab-${snippet.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={snippet.id === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={snippet.id === tab ? 0 : -1}
            onClick={() => setTab(snippet.id)}
          >
            {snippet.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active.id}`} className="snippet">
        <ClientConfigWriter apiKey={created.key} client={active.files ?? null} user={user} />
        {active.blocks.map((block) => (
          <div key={block.id} className="snippet__block">
            <p className="muted">{block.where}</p>
            <pre className="snippet__code" data-testid={`snippet-${block.id}`}>
              <code>{block.code}</code>
            </pre>
            <div>
              <CopyButton text={block.code} label={t('dialogs.copyBlock', { name: block.name })} className="button--small" />
            </div>
          </div>
        ))}
      </div>
    </Dialog>
  );
}
