import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('auth');

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
    if (email.trim() === '') return setError(t('reset.enterEmail'));
    void run(async () => {
      await sendResetCode(email.trim());
      setSent(t('reset.sent', { email: email.trim() }));
    }, t('profile:details.codeFailed'));
  }

  function reset(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') return setError(t('reset.enterCode'));
    if (password.length < 8 || password.length > 128) return setError(t('reset.passwordRule'));
    void run(async () => {
      await resetPassword(email.trim(), code.trim(), password);
      onReset();
    }, t('reset.failed'));
  }

  return (
    <AuthLayout footer={<Link to="/">{t('register.backToSignIn')}</Link>}>
      <h1>{t('reset.title')}</h1>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {sent === null ? (
        <form className="form" onSubmit={ask} noValidate>
          <p className="lead">{t('reset.lead')}</p>
          <Field label={t('register.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoFocus />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('reset.sending') : t('reset.send')}
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={reset} noValidate>
          <Alert tone="info">{sent}</Alert>
          <Field label={t('reset.code')} autoComplete="one-time-code" spellCheck={false} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoFocus />
          <Field label={t('profile:password.new')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} hint={t('profile:password.hint')} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('common:actions.saving') : t('reset.set')}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
