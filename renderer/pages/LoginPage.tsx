import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusData, UserView } from '../../relay/management/contract.js';
import { ApiError } from '../api/client.js';
import { takeOAuthReturn } from '../api/oauth.js';
import { signInWithCode } from '../api/two-factor.js';
import { signIn, type PendingSignIn } from '../api/user.js';
import { Alert } from '../components/Alert.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { Field } from '../components/Field.js';
import { OAuthButtons } from '../components/OAuthButtons.js';
import { PasskeySignIn } from '../components/PasskeySignIn.js';
import { SignInLinks } from './public/SignedOutPages.js';

interface Props {
  status: StatusData | null;
  initialUsername?: string;
  /** A message to show above the form, e.g. after signing out. */
  notice?: string | null;
  onSignedIn: (user: UserView) => void;
}

export function LoginPage({ status, initialUsername = '', notice = null, onSignedIn }: Props) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The password held and two-step verification is on: the code step.
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const { t } = useTranslation('auth');

  useEffect(() => {
    (initialUsername === '' ? usernameRef : passwordRef).current?.focus();
  }, [initialUsername]);

  // Back from a sign-in with GitHub or the like: the provider's refusal, or the two-step code it still needs.
  useEffect(() => {
    const back = takeOAuthReturn();
    if (back?.error) setError(back.error);
    if (back?.pendingToken) {
      setUsername(back.username ?? '');
      setPending({ require_2fa: true, pending_token: back.pendingToken, expires_at: 0 });
    }
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (username.trim() === '' || password === '') {
      setError(t('login.missing'));
      (username.trim() === '' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await signIn({ username: username.trim(), password });
      if ('require_2fa' in answer) {
        setPending(answer);
        setPassword('');
        setSubmitting(false);
        return;
      }
      onSignedIn(answer);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('login.failed'));
      setPassword('');
      setSubmitting(false);
      passwordRef.current?.focus();
    }
  }

  useEffect(() => {
    if (pending !== null) codeRef.current?.focus();
  }, [pending]);

  function startOver(message: string | null) {
    setPending(null);
    setCode('');
    setError(message);
    setSubmitting(false);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending === null) return;
    setError(null);
    if (code.trim() === '') {
      setError(t('twoStep.missing'));
      codeRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      onSignedIn(await signInWithCode(pending.pending_token, code.trim()));
    } catch (caught) {
      // The pending sign-in expired: back to the password.
      if (caught instanceof ApiError && caught.status === 401) return startOver(caught.message);
      setError(caught instanceof Error ? caught.message : t('login.failed'));
      setCode('');
      setSubmitting(false);
      codeRef.current?.focus();
    }
  }

  if (pending !== null) {
    return (
      <AuthLayout footer={status !== null ? <>Relaydesk {status.version}</> : undefined}>
        <h1>{t('twoStep.title')}</h1>
        <p className="lead">{t('twoStep.lead', { username: username.trim() })}</p>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <form className="form" onSubmit={(event) => void submitCode(event)} noValidate>
          <Field
            ref={codeRef}
            label={t('twoStep.code')}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? t('twoStep.verifying') : t('twoStep.verify')}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={() => startOver(null)} disabled={submitting}>
            {t('twoStep.back')}
          </button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout footer={status !== null ? <>Relaydesk {status.version}</> : undefined}>
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.lead')}</p>

      {notice !== null && error === null && <Alert tone="info">{notice}</Alert>}
      {error !== null && <Alert tone="error">{error}</Alert>}

      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          ref={usernameRef}
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <Field
          ref={passwordRef}
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? t('login.signingIn') : t('login.signIn')}
        </button>
      </form>
      <PasskeySignIn onSignedIn={onSignedIn} onError={setError} />
      <OAuthButtons status={status} />
      <SignInLinks status={status} />
    </AuthLayout>
  );
}
