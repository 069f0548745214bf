import { useEffect, useState, type FormEvent } from 'react';
import { changePassword, getSelf, roleName, type UserView } from '../api/user.js';
import { AccessTokenCard } from '../components/AccessTokenCard.js';
import { Alert } from '../components/Alert.js';
import { Field } from '../components/Field.js';
import { OAuthLinksCard } from '../components/OAuthLinksCard.js';
import { PasskeysCard } from '../components/PasskeysCard.js';
import { ProfileDetailsCard } from '../components/ProfileDetailsCard.js';
import { SessionsCard } from '../components/SessionsCard.js';
import { TwoFactorCard } from '../components/TwoFactorCard.js';
import { formatUsd as usd } from '../lib/money.js';
import type { PageProps } from './registry.js';

function formatDate(ms: number): string {
  if (ms <= 0) return '—';
  return new Date(ms).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The signed-in user: their account facts, password, sessions and personal access token. */
export default function ProfilePage({ user: initialUser }: PageProps) {
  const [user, setUser] = useState<UserView>(initialUser);
  // A password change ends the other sessions: the list is read again.
  const [passwordChanges, setPasswordChanges] = useState(0);

  // The shell's copy is from sign-in: read the quota and token state afresh.
  useEffect(() => {
    let live = true;
    getSelf()
      .then((fresh) => {
        if (live && fresh !== null) setUser(fresh);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <div>
          <h1>Profile</h1>
          <p className="lead">Your account on this relay.</p>
        </div>
      </div>

      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <dl className="facts" data-testid="profile-facts">
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>Role</dt>
          <dd>{roleName(user.role)}</dd>
          <dt>Group</dt>
          <dd>{user.group || 'default'}</dd>
          <dt>Balance</dt>
          <dd data-testid="profile-balance">{usd(user.quota)}</dd>
          <dt>Used</dt>
          <dd>
            {usd(user.used_quota)} in {user.request_count.toLocaleString()} request{user.request_count === 1 ? '' : 's'}
          </dd>
          <dt>Last sign-in</dt>
          <dd>{formatDate(user.last_login_at)}</dd>
        </dl>
        <p className="muted">Quota is counted in units: 500,000 units are 1 USD.</p>
      </section>

      <ProfileDetailsCard displayName={user.display_name} email={user.email} onChanged={() => void getSelf().then((fresh) => fresh !== null && setUser(fresh))} />

      <PasswordCard onChanged={() => setPasswordChanges((n) => n + 1)} />

      <TwoFactorCard />

      <PasskeysCard />

      <OAuthLinksCard />

      <SessionsCard key={passwordChanges} />

      <AccessTokenCard key={String(user.has_access_token)} hasToken={user.has_access_token} />
    </div>
  );
}

interface Values {
  current: string;
  next: string;
  confirm: string;
}

type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (values.current === '') errors.current = 'Enter your current password.';
  if (values.next === '') errors.next = 'Enter a new password.';
  else if ([...values.next].length < 8) errors.next = 'Use at least 8 characters.';
  else if ([...values.next].length > 128) errors.next = 'Use at most 128 characters.';
  else if (values.next === values.current) errors.next = 'Choose a password different from the current one.';
  if (values.confirm === '') errors.confirm = 'Enter the new password again.';
  else if (values.confirm !== values.next) errors.confirm = 'The passwords do not match.';
  return errors;
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const empty: Values = { current: '', next: '', confirm: '' };
  const [values, setValues] = useState<Values>(empty);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const errors = attempted ? validate(values) : {};

  function set(key: keyof Values) {
    return (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    setDone(false);
    if (Object.keys(validate(values)).length > 0) return;
    setSubmitting(true);
    try {
      await changePassword(values.current, values.next);
      setValues(empty);
      setAttempted(false);
      setDone(true);
      onChanged();
    } catch (caught) {
      setServerError(caught instanceof Error ? caught.message : 'Could not change the password.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      {done && <Alert tone="success">Password changed. Your other sessions were signed out.</Alert>}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Current password" name="current_password" type="password" autoComplete="current-password" value={values.current} onChange={set('current')} error={errors.current} />
        <Field label="New password" name="new_password" type="password" autoComplete="new-password" value={values.next} onChange={set('next')} error={errors.next} hint="8–128 characters." />
        <Field label="Confirm new password" name="confirm_password" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
