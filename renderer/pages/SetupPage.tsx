import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StatusData, UserView } from '../../relay/management/contract.js';
import { ApiError } from '../api/client.js';
import { createOwner } from '../api/status.js';
import { login } from '../api/user.js';
import { Alert } from '../components/Alert.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { Field } from '../components/Field.js';
import { WizardSteps } from '../components/WizardSteps.js';

const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

interface Values {
  username: string;
  password: string;
  confirm: string;
  setupCode: string;
}

type Errors = Partial<Record<keyof Values, string>>;

function validateSetup(values: Values, codeRequired: boolean, t: TFunction<'setup'>): Errors {
  const errors: Errors = {};
  const username = values.username.trim();
  if (username === '') errors.username = t('owner.enterUsername');
  else if (username.length > 32) errors.username = t('owner.usernameTooLong');
  else if (!USERNAME_PATTERN.test(username)) errors.username = t('owner.usernameChars');

  if (values.password === '') errors.password = t('owner.enterPassword');
  else if (values.password.length < 8) errors.password = t('profile:password.tooShort');
  else if (values.password.length > 128) errors.password = t('profile:password.tooLong');

  if (values.confirm === '') errors.confirm = t('owner.enterAgain');
  else if (values.confirm !== values.password) errors.confirm = t('profile:password.mismatch');

  if (codeRequired && values.setupCode.trim() === '') errors.setupCode = t('owner.enterSetupCode');
  return errors;
}

interface Props {
  status: StatusData;
  /** Called once the owner exists: with the session when signing in worked, else with just the username. */
  onCreated: (result: { user: UserView } | { username: string; notice: string }) => void;
}

/** First-run wizard, step 1: create the owner (root) account. */
export function SetupPage({ status, onCreated }: Props) {
  const codeRequired = status.setup_code_required;
  const [values, setValues] = useState<Values>({ username: '', password: '', confirm: '', setupCode: '' });
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('setup');
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
    setupCode: useRef<HTMLInputElement>(null),
  };

  // Errors show after the first submit, then follow the input as it is corrected.
  const errors = attempted ? validateSetup(values, codeRequired, t) : {};

  function update(key: keyof Values) {
    return (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    const found = validateSetup(values, codeRequired, t);
    const firstInvalid = (['setupCode', 'username', 'password', 'confirm'] as const).find((key) => found[key] !== undefined);
    if (firstInvalid !== undefined) {
      refs[firstInvalid].current?.focus();
      return;
    }

    const username = values.username.trim();
    setSubmitting(true);
    try {
      await createOwner({
        username,
        password: values.password,
        // Channel and key follow; the relay keeps the wizard's progress, so a reload resumes it.
        wizard: true,
        ...(codeRequired ? { setup_code: values.setupCode.trim() } : {}),
      });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : t('owner.failed'));
      setSubmitting(false);
      return;
    }
    // The account exists: sign straight in. If that fails, the sign-in page takes over.
    try {
      const user = await login({ username, password: values.password });
      onCreated({ user });
    } catch (error) {
      onCreated({ username, notice: error instanceof ApiError ? t('owner.createdSignInBecause', { reason: error.message }) : t('owner.createdSignIn') });
    }
  }

  return (
    <AuthLayout footer={<>Relaydesk {status.version}</>}>
      <WizardSteps current={1} />
      <h1>{t('owner.title')}</h1>
      <p className="lead">
        {t('owner.lead')}
      </p>

      {serverError !== null && <Alert tone="error">{serverError}</Alert>}

      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {codeRequired && (
          <Field
            ref={refs.setupCode}
            label={t('owner.setupCode')}
            name="setup_code"
            autoComplete="one-time-code"
            spellCheck={false}
            value={values.setupCode}
            onChange={update('setupCode')}
            error={errors.setupCode}
            hint={t('owner.setupCodeHint')}
          />
        )}
        <Field
          ref={refs.username}
          label={t('auth:login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          value={values.username}
          onChange={update('username')}
          error={errors.username}
          hint={t('owner.usernameHint')}
        />
        <Field
          ref={refs.password}
          label={t('auth:login.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={update('password')}
          error={errors.password}
          hint={t('profile:password.hint')}
        />
        <Field
          ref={refs.confirm}
          label={t('auth:register.confirm')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={update('confirm')}
          error={errors.confirm}
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? t('owner.creating') : t('auth:register.create')}
        </button>
      </form>
    </AuthLayout>
  );
}
