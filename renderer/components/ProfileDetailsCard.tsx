import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeEmail, saveDisplayName, sendEmailChangeCode } from '../api/users.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from './Alert.js';
import { Field } from './Field.js';

/** The profile's display name, and the email address changed with a code mailed to the new one. */
export function ProfileDetailsCard({ displayName, email, onChanged }: { displayName: string; email: string; onChanged: () => void }) {
  const [name, setName] = useState(displayName);
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('profile');
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);

  async function run(task: () => Promise<string>, failure: string) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ tone: 'success', text: await task() });
    } catch (caught) {
      setMessage({ tone: 'error', text: messageOf(caught, failure) });
    } finally {
      setBusy(false);
    }
  }

  function saveName(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await saveDisplayName(name);
      onChanged();
      return t('details.nameSaved');
    }, t('details.nameFailed'));
  }

  function sendCode(event: FormEvent) {
    event.preventDefault();
    const to = newEmail.trim();
    if (to === '') return setMessage({ tone: 'error', text: t('details.enterEmail') });
    void run(async () => {
      await sendEmailChangeCode(to);
      setCodeSentTo(to);
      return t('details.codeSent', { to });
    }, t('details.codeFailed'));
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (codeSentTo === null) return;
    void run(async () => {
      await changeEmail(codeSentTo, code.trim());
      setCodeSentTo(null);
      setNewEmail('');
      setCode('');
      onChanged();
      return t('details.emailChanged', { email: codeSentTo });
    }, t('details.emailFailed'));
  }

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t('details.title')}</h2>
      {message !== null && <Alert tone={message.tone}>{message.text}</Alert>}
      <form className="form" onSubmit={saveName} noValidate>
        <Field label={t('details.displayName')} value={name} maxLength={64} onChange={(e) => setName(e.currentTarget.value)} hint={t('details.displayNameHint')} />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('details.saveName')}
          </button>
        </div>
      </form>
      <p className="muted">{t('details.email', { email: email === '' ? t('details.noEmail') : email })}</p>
      {codeSentTo === null ? (
        <form className="form" onSubmit={sendCode} noValidate>
          <Field label={t('details.newEmail')} type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.currentTarget.value)} />
          <div className="actions">
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('details.sendCode')}
            </button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={confirm} noValidate>
          <Field label={t('details.mailCode')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} autoFocus />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('details.changeEmail')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setCodeSentTo(null)}>
              {t('common:actions.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
