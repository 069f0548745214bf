import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StatusData, UserView } from '../../relay/management/contract.js';
import { login } from '../api/user.js';
import { Alert } from '../components/Alert.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { Field } from '../components/Field.js';

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

  useEffect(() => {
    (initialUsername === '' ? usernameRef : passwordRef).current?.focus();
  }, [initialUsername]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (username.trim() === '' || password === '') {
      setError('Enter your username and password.');
      (username.trim() === '' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const user = await login({ username: username.trim(), password });
      onSignedIn(user);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not sign in.');
      setPassword('');
      setSubmitting(false);
      passwordRef.current?.focus();
    }
  }

  return (
    <AuthLayout footer={status !== null ? <>Relaydesk {status.version}</> : undefined}>
      <h1>Sign in</h1>
      <p className="lead">Sign in to manage this Relaydesk.</p>

      {notice !== null && error === null && <Alert tone="info">{notice}</Alert>}
      {error !== null && <Alert tone="error">{error}</Alert>}

      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          ref={usernameRef}
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <Field
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthLayout>
  );
}
