import { useState, type FormEvent } from 'react';
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
      return 'Display name saved.';
    }, 'Could not save the display name.');
  }

  function sendCode(event: FormEvent) {
    event.preventDefault();
    const to = newEmail.trim();
    if (to === '') return setMessage({ tone: 'error', text: 'Enter the new email address.' });
    void run(async () => {
      await sendEmailChangeCode(to);
      setCodeSentTo(to);
      return `A code was sent to ${to}: enter it below.`;
    }, 'Could not send the code.');
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
      return `Your email address is ${codeSentTo} now.`;
    }, 'Could not change the email address.');
  }

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">Name and email</h2>
      {message !== null && <Alert tone={message.tone}>{message.text}</Alert>}
      <form className="form" onSubmit={saveName} noValidate>
        <Field label="Display name" value={name} maxLength={64} onChange={(e) => setName(e.currentTarget.value)} hint="Shown in the console; empty shows your username." />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={busy}>
            Save name
          </button>
        </div>
      </form>
      <p className="muted">Email: {email === '' ? 'none yet' : email}</p>
      {codeSentTo === null ? (
        <form className="form" onSubmit={sendCode} noValidate>
          <Field label="New email address" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.currentTarget.value)} />
          <div className="actions">
            <button type="submit" className="button button--secondary" disabled={busy}>
              Send code
            </button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={confirm} noValidate>
          <Field label="Code from the mail" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} autoFocus />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              Change email
            </button>
            <button type="button" className="button button--secondary" onClick={() => setCodeSentTo(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
