import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusData, UserView } from '../relay/management/contract.js';
import { onSessionEnded, sessionEnded } from './api/client.js';
import { getStatus, getWizard, type WizardState } from './api/status.js';
import { getSelf } from './api/user.js';
import { AuthLayout } from './components/AuthLayout.js';
import { adoptAccountLanguage } from './i18n/index.js';
import { Shell } from './components/Shell.js';
import { LoginPage } from './pages/LoginPage.js';
import { SetupPage } from './pages/SetupPage.js';
import { SignedOutPages } from './pages/public/SignedOutPages.js';
import { navigate } from './lib/router.js';
import { isRoot } from './lib/roles.js';

// Steps 2 and 3 of first-run setup: loaded only when they run.
const SetupWizard = lazy(() => import('./pages/SetupWizard.js').then((module) => ({ default: module.SetupWizard })));

/** Shown on the sign-in page when the relay stopped accepting the session mid-use. */

type View =
  | { kind: 'loading' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'setup'; status: StatusData }
  /** First-run setup's first channel and key (steps 2 and 3), until finished or skipped: the relay keeps where it stands. */
  | { kind: 'wizard'; status: StatusData; user: UserView; wizard: WizardState }
  | { kind: 'login'; status: StatusData; username: string; notice: string | null }
  | { kind: 'home'; status: StatusData; user: UserView };

/** The console for a signed-in user, or for the owner the first-run wizard where it stopped. */
async function signedIn(status: StatusData, user: UserView): Promise<View> {
  adoptAccountLanguage(user.language);
  if (!isRoot(user)) return { kind: 'home', status, user };
  // The wizard only helps: if where it stands cannot be read, the console works without it.
  const wizard = await getWizard().catch(() => null);
  return wizard !== null && wizard.step !== null ? { kind: 'wizard', status, user, wizard } : { kind: 'home', status, user };
}

/** Picks the page from `GET /api/status` (is there an owner yet?), `GET /api/user/self` (is there a session?) and, for the owner, the wizard's progress. */
export function App() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const { t } = useTranslation();

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    try {
      const status = await getStatus();
      if (!status.setup) {
        setView({ kind: 'setup', status });
        return;
      }
      const user = await getSelf();
      setView(user !== null ? await signedIn(status, user) : { kind: 'login', status, username: '', notice: null });
    } catch (error) {
      setView({ kind: 'unreachable', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // A session that ends while the console is open (expired, signed out elsewhere) leads back to
  // the sign-in page. The address bar keeps the page, so signing in returns to it.
  useEffect(() => {
    if (view.kind !== 'home') return;
    const { status, user } = view;
    return onSessionEnded(() => setView({ kind: 'login', status, username: user.username, notice: sessionEnded() }));
  }, [view]);

  switch (view.kind) {
    case 'loading':
      return (
        <main className="auth" aria-busy="true">
          <p className="loading">{t('app.loading')}</p>
        </main>
      );
    case 'unreachable':
      return (
        <AuthLayout>
          <h1>{t('app.unreachableTitle')}</h1>
          <p className="lead">{view.message}</p>
          <button type="button" className="button button--primary button--block" onClick={() => void load()}>
            {t('app.tryAgain')}
          </button>
        </AuthLayout>
      );
    case 'setup': {
      const status: StatusData = { ...view.status, setup: true, setup_code_required: false };
      return (
        <SetupPage
          status={view.status}
          onCreated={(result) =>
            setView(
              'user' in result
                ? { kind: 'wizard', status, user: result.user, wizard: { step: 'channel', channel_skipped: false } }
                : { kind: 'login', status, username: result.username, notice: result.notice },
            )
          }
        />
      );
    }
    case 'wizard': {
      const { status, user, wizard } = view;
      return (
        <Suspense
          fallback={
            <main className="auth" aria-busy="true">
              <p className="loading">{t('app.loading')}</p>
            </main>
          }
        >
          <SetupWizard
            status={status}
            user={user}
            resume={wizard}
            onFinished={() => {
              navigate('/');
              setView({ kind: 'home', status, user });
            }}
          />
        </Suspense>
      );
    }
    case 'login': {
      const { status } = view;
      return (
        <SignedOutPages
          status={status}
          onNotice={(username, notice) => setView({ kind: 'login', status, username, notice })}
          signIn={
            <LoginPage
              key={view.notice ?? ''}
              status={status}
              initialUsername={view.username}
              notice={view.notice}
              onSignedIn={(user) => void signedIn(status, user).then(setView)}
            />
          }
        />
      );
    }
    case 'home': {
      const { status, user } = view;
      return (
        <Shell
          key={user.id}
          user={user}
          status={status}
          onSignedOut={(notice) => setView({ kind: 'login', status, username: user.username, notice })}
        />
      );
    }
  }
}
