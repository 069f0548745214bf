import { Suspense, useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { StatusData, UserView } from '../../relay/management/contract.js';
import { logout, roleName } from '../api/user.js';
import { Link, usePath } from '../lib/router.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { canSee, pages } from '../pages/registry.js';
import { Alert } from './Alert.js';
import { Brand } from './Brand.js';
import { Icon } from './Icon.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { useNavMenu } from './use-nav-menu.js';

interface Props {
  user: UserView;
  status: StatusData;
  onSignedOut: (notice: string) => void;
}

/** The signed-in console: navigation on the left (behind a menu button in a narrow window), the user on top, the page from the registry. */
export function Shell({ user, status, onSignedOut }: Props) {
  const path = usePath();
  const visible = pages.filter((entry) => canSee(entry, user));
  // An unknown or forbidden address is "not found" (a trailing slash aside).
  const current = visible.find((entry) => entry.path === (path.length > 1 ? path.replace(/\/+$/, '') : path));
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const menu = useNavMenu(path);
  const navId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    document.title = current === undefined ? `${t('shell.pageNotFoundTitle')} · Relaydesk` : current.path === '/' ? 'Relaydesk' : `${t(current.title)} · Relaydesk`;
  }, [current, t]);

  async function signOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await logout();
      onSignedOut(t('shell.signedOut'));
    } catch (error) {
      setSignOutError(error instanceof Error ? error.message : t('shell.signOutFailed'));
      setSigningOut(false);
    }
  }

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <header className="topbar">
        <div className="topbar__start">
          <button ref={menu.button} type="button" className="button button--secondary button--small menu-button" aria-expanded={menu.open} aria-controls={navId} onClick={menu.toggle}>
            <Icon name="menu" />
            {t('shell.menu')}
          </button>
          <Brand />
        </div>
        <div className="topbar__user">
          <span className="topbar__who">
            <Trans t={t} i18nKey="shell.signedInAs" values={{ username: user.username, role: roleName(user.role) }} components={{ strong: <strong /> }} />
          </span>
          <LanguageSwitcher signedIn />
          <button type="button" className="button button--secondary button--small" onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? t('shell.signingOut') : t('shell.signOut')}
          </button>
        </div>
      </header>
      {menu.open && <div className="sidenav-backdrop" style={{ top: menu.top }} onClick={menu.close} aria-hidden="true" />}
      <nav ref={menu.nav} id={navId} className={`sidenav${menu.open ? ' sidenav--open' : ''}`} style={menu.open ? { top: menu.top } : undefined} aria-label={t('shell.navLabel')} onBlur={menu.onBlur}>
        <ul>
          {visible.map((entry) => (
            <li key={entry.path}>
              <Link to={entry.path} className="sidenav__link" aria-current={entry === current ? 'page' : undefined} onClick={menu.open ? menu.followed : undefined}>
                <Icon name={entry.icon} />
                <span>{t(entry.title)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" id="main" tabIndex={-1}>
        {signOutError !== null && <Alert tone="error">{signOutError}</Alert>}
        {current === undefined ? (
          <NotFoundPage path={path} />
        ) : (
          <Suspense fallback={<p className="loading">{t('app.loadingPage')}</p>}>
            <current.component key={current.path} user={user} status={status} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
