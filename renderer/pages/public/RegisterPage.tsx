import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusData } from '../../../relay/management/contract.js';
import { register, sendRegistrationCode } from '../../api/users.js';
import { Alert } from '../../components/Alert.js';
import { AuthLayout } from '../../components/AuthLayout.js';
import { Field } from '../../components/Field.js';
import { OAuthButtons } from '../../components/OAuthButtons.js';
import { messageOf } from '../../hooks/use-list.js';
import { Link } from '../../lib/router.js';

/** The invitation code of a link like `/register?aff=CODE`. */
export function invitationFromAddress(): string {
  return new URLSearchParams(window.location.search).get('aff')?.trim() ?? '';
}

/** Registration, as the relay's policy allows: open, or by invitation (the code from the link); a mailed code when the relay asks for a verified email. */
export function RegisterPage({ status, onRegistered }: { status: StatusData; onRegistered: (username: string) => void }) {
  const { registration_policy: policy, email_verification: verify } = status.features;
  const [values, setValues] = useState({ username: '', password: '', confirm: '', email: '', code: '', aff: invitationFromAddress() });
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const { t } = useTranslation('auth');

  const set = (key: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };
  const errors = {
    username: !/^[A-Za-z0-9_.-]{1,32}$/.test(values.username) ? t('register.usernameRule') : null,
    password: [...values.password].length < 8 || [...values.password].length > 128 ? t('register.passwordRule') : null,
    confirm: values.confirm !== values.password ? t('profile:password.mismatch') : null,
    email: verify && values.email.trim() === '' ? t('register.emailNeeded') : null,
    code: verify && values.code.trim() === '' ? t('register.codeNeeded') : null,
    aff: policy === 'invite' && values.aff.trim() === '' ? t('register.invitationNeeded') : null,
  };
  const shown = (key: keyof typeof errors) => (attempted ? errors[key] : null);

  async function sendCode() {
    setError(null);
    try {
      await sendRegistrationCode(values.email.trim());
      setCodeSent(t('register.codeSent', { to: values.email.trim() }));
    } catch (caught) {
      setError(messageOf(caught, t('profile:details.codeFailed')));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (Object.values(errors).some((e) => e !== null)) return;
    setSubmitting(true);
    try {
      await register({
        username: values.username,
        password: values.password,
        ...(values.email.trim() !== '' ? { email: values.email.trim() } : {}),
        ...(verify ? { verification_code: values.code.trim() } : {}),
        ...(values.aff.trim() !== '' ? { aff_code: values.aff.trim() } : {}),
      });
      onRegistered(values.username);
    } catch (caught) {
      setError(messageOf(caught, t('register.failed')));
      setSubmitting(false);
    }
  }

  if (policy === 'closed') {
    return (
      <AuthLayout>
        <h1>{t('register.closed')}</h1>
        <p className="lead">{t('register.askAdmin')}</p>
        <Link to="/" className="button button--secondary button--block">
          {t('register.backToSignIn')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout footer={<Link to="/">{t('register.haveAccount')}</Link>}>
      <h1>{t('login.createAccount')}</h1>
      <p className="lead">{policy === 'invite' ? t('register.byInvitation') : t('register.on', { site: status.site_name })}</p>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {codeSent !== null && error === null && <Alert tone="info">{codeSent}</Alert>}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('login.username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={values.username} onChange={set('username')} error={shown('username')} autoFocus />
        <Field label={t('login.password')} name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={shown('password')} hint={t('profile:password.hint')} />
        <Field label={t('register.confirm')} name="confirm" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={shown('confirm')} />
        <Field label={verify ? t('register.email') : t('register.emailOptional')} name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={shown('email')} hint={verify ? undefined : t('register.emailHint')} />
        {verify && (
          <>
            <button type="button" className="button button--secondary" onClick={() => void sendCode()} disabled={values.email.trim() === ''}>
              {t('profile:details.sendCode')}
            </button>
            <Field label={t('register.verificationCode')} name="verification_code" inputMode="numeric" autoComplete="one-time-code" value={values.code} onChange={set('code')} error={shown('code')} />
          </>
        )}
        {policy === 'invite' || values.aff !== '' ? <Field label={t('register.invitationCode')} name="aff_code" value={values.aff} onChange={set('aff')} error={shown('aff')} spellCheck={false} /> : null}
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? t('common:actions.creating') : t('register.create')}
        </button>
      </form>
      <OAuthButtons status={status} affCode={values.aff.trim()} verb="Register" />
    </AuthLayout>
  );
}
