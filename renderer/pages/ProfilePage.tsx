import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { changePassword, getSelf, roleName, type UserView } from '../api/user.js';
import { AccessTokenCard } from '../components/AccessTokenCard.js';
import { Alert } from '../components/Alert.js';
import { Field } from '../components/Field.js';
import { OAuthLinksCard } from '../components/OAuthLinksCard.js';
import { PasskeysCard } from '../components/PasskeysCard.js';
import { ProfileDetailsCard } from '../components/ProfileDetailsCard.js';
import { SessionsCard } from '../components/SessionsCard.js';
import { TwoFactorCard } from '../components/TwoFactorCard.js';
import { formatDateTime } from '../i18n/format.js';
import { formatNumber, formatUsd as usd } from '../lib/money.js';
import type { PageProps } from './registry.js';

function formatDate(ms: number): string {
  return ms <= 0 ? '—' : formatDateTime(ms);
}

/** The signed-in user: their account facts, password, sessions and personal access token. */
export default function ProfilePage({ user: initialUser }: PageProps) {
  const [user, setUser] = useState<UserView>(initialUser);
  // A password change ends the other sessions: the list is read again.
  const [passwordChanges, setPasswordChanges] = useState(0);
  const { t } = useTranslation('profile');

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
          <h1>{t('title')}</h1>
          <p className="lead">{t('lead')}</p>
        </div>
      </div>

      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{t('account.title')}</h2>
        <dl className="facts" data-testid="profile-facts">
          <dt>{t('account.username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('account.role')}</dt>
          <dd>{roleName(user.role)}</dd>
          <dt>{t('account.group')}</dt>
          <dd>{user.group || t('account.defaultGroup')}</dd>
          <dt>{t('account.balance')}</dt>
          <dd data-testid="profile-balance">{usd(user.quota)}</dd>
          <dt>{t('account.used')}</dt>
          <dd>
            {t('account.usedIn', { amount: usd(user.used_quota), count: user.request_count, requests: formatNumber(user.request_count) })}
          </dd>
          <dt>{t('account.lastSignIn')}</dt>
          <dd>{formatDate(user.last_login_at)}</dd>
        </dl>
        <p className="muted">{t('account.units', { units: formatNumber(500_000) })}</p>
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

function validate(values: Values, t: TFunction<'profile'>): Errors {
  const errors: Errors = {};
  if (values.current === '') errors.current = t('password.enterCurrent');
  if (values.next === '') errors.next = t('password.enterNew');
  else if ([...values.next].length < 8) errors.next = t('password.tooShort');
  else if ([...values.next].length > 128) errors.next = t('password.tooLong');
  else if (values.next === values.current) errors.next = t('password.same');
  if (values.confirm === '') errors.confirm = t('password.enterAgain');
  else if (values.confirm !== values.next) errors.confirm = t('password.mismatch');
  return errors;
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const empty: Values = { current: '', next: '', confirm: '' };
  const [values, setValues] = useState<Values>(empty);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { t } = useTranslation('profile');
  const errors = attempted ? validate(values, t) : {};

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
    if (Object.keys(validate(values, t)).length > 0) return;
    setSubmitting(true);
    try {
      await changePassword(values.current, values.next);
      setValues(empty);
      setAttempted(false);
      setDone(true);
      onChanged();
    } catch (caught) {
      setServerError(caught instanceof Error ? caught.message : t('password.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t('password.title')}</h2>
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      {done && <Alert tone="success">{t('password.done')}</Alert>}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('password.current')} name="current_password" type="password" autoComplete="current-password" value={values.current} onChange={set('current')} error={errors.current} />
        <Field label={t('password.new')} name="new_password" type="password" autoComplete="new-password" value={values.next} onChange={set('next')} error={errors.next} hint={t('password.hint')} />
        <Field label={t('password.confirm')} name="confirm_password" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? t('password.changing') : t('password.title')}
          </button>
        </div>
      </form>
    </section>
  );
}
