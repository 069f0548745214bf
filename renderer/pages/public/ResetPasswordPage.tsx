import { useState, type FormEvent } from 'react';
import { resetPassword, sendResetCode } from '../../api/users.js';
import { Alert } from '../../components/Alert.js';
import { AuthLayout } from '../../components/AuthLayout.js';
import { Field } from '../../components/Field.js';
import { messageOf } from '../../hooks/use-list.js';
import { Link } from '../../lib/router.js';

/** Password reset by mail: the address, then the mailed code with a new password. */
export function ResetPasswordPage({ onReset }: { onReset: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(task: () => Promise<void>, failure: string) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (caught) {
      setError(messageOf(caught, failure));
    } finally {
      setBusy(false);
    }
  }

  function ask(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '') return setError('Enter the email address of your account.');
    void run(async () => {
      await sendResetCode(email.trim());
      setSent(`If ${email.trim()} belongs to an account, a reset code is on its way. It works once, for 30 minutes.`);
    }, 'Could not send the code.');
  }

  function reset(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') return setError('Enter the code from the mail.');
    if (password.length < 8 || password.length > 128) return setError('The new password must be 8 to 128 characters long.');
    void run(async () => {
      await resetPassword(email.trim(), code.trim(), password);
      onReset();
    }, 'Could not reset the password.');
  }

  return (
    <AuthLayout footer={<Link to="/">Back to sign in</Link>}>
      <h1>Reset your password</h1>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {sent === null ? (
        <form className="form" onSubmit={ask} noValidate>
          <p className="lead">We mail a code to the address of your account.</p>
          <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoFocus />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset code'}
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={reset} noValidate>
          <Alert tone="info">{sent}</Alert>
          <Field label="Reset code" autoComplete="one-time-code" spellCheck={false} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoFocus />
          <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} hint="8–128 characters." />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
