import type { ReactNode } from 'react';
import type { StatusData } from '../../../relay/management/contract.js';
import { Link, navigate, usePath } from '../../lib/router.js';
import { RegisterPage } from './RegisterPage.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';

/** What a signed-out visitor sees: registration and password reset at their addresses, the sign-in page anywhere else. */
export function SignedOutPages({ status, signIn, onNotice }: { status: StatusData; signIn: ReactNode; onNotice: (username: string, notice: string) => void }) {
  const path = usePath();
  const back = (username: string, notice: string) => {
    navigate('/');
    onNotice(username, notice);
  };
  if (path === '/register') return <RegisterPage status={status} onRegistered={(username) => back(username, 'Your account is ready: sign in.')} />;
  if (path === '/reset-password') return <ResetPasswordPage onReset={() => back('', 'Password changed: sign in with the new one.')} />;
  return <>{signIn}</>;
}

/** Links under the sign-in form to what the relay offers: registration and password reset by mail. */
export function SignInLinks({ status }: { status: StatusData | null }) {
  if (status === null || (!status.features.registration && !status.features.password_reset)) return null;
  return (
    <p className="auth__links">
      {status.features.registration && <Link to="/register">Create an account</Link>}
      {status.features.registration && status.features.password_reset && ' · '}
      {status.features.password_reset && <Link to="/reset-password">Forgot your password?</Link>}
    </p>
  );
}
