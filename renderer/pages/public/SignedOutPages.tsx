import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusData } from '../../../relay/management/contract.js';
import { Link, navigate, usePath } from '../../lib/router.js';
import { RegisterPage } from './RegisterPage.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';

/** What a signed-out visitor sees: registration and password reset at their addresses, the sign-in page anywhere else. */
export function SignedOutPages({ status, signIn, onNotice }: { status: StatusData; signIn: ReactNode; onNotice: (username: string, notice: string) => void }) {
  const path = usePath();
  const { t } = useTranslation('auth');
  const back = (username: string, notice: string) => {
    navigate('/');
    onNotice(username, notice);
  };
  if (path === '/register') return <RegisterPage status={status} onRegistered={(username) => back(username, t('register.ready'))} />;
  if (path === '/reset-password') return <ResetPasswordPage onReset={() => back('', t('reset.done'))} />;
  return <>{signIn}</>;
}

/** Links under the sign-in form to what the relay offers: registration and password reset by mail. */
export function SignInLinks({ status }: { status: StatusData | null }) {
  const { t } = useTranslation('auth');
  if (status === null || (!status.features.registration && !status.features.password_reset)) return null;
  return (
    <p className="auth__links">
      {status.features.registration && <Link to="/register">{t('login.createAccount')}</Link>}
      {status.features.registration && status.features.password_reset && ' · '}
      {status.features.password_reset && <Link to="/reset-password">{t('login.forgotPassword')}</Link>}
    </p>
  );
}
