// Sign-in methods on the profile: each OAuth provider the relay has set up, linked or not;
// Link goes through the provider and back here, Unlink asks for the password when the
// provider is the last way in besides it.
import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { listOAuthLinks, oauthStartUrl, takeOAuthReturn, unlinkOAuth, type OAuthLinkView } from '../api/oauth.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from './Alert.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';

export function OAuthLinksCard() {
  const [links, setLinks] = useState<OAuthLinkView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Unlinking that needs the password: the provider, and what the relay said.
  const [asking, setAsking] = useState<{ link: OAuthLinkView; message: string } | null>(null);
  const [password, setPassword] = useState('');
  const { t } = useTranslation('profile');

  const load = useCallback(async () => {
    try {
      const fresh = await listOAuthLinks();
      setLinks(fresh);
      return fresh;
    } catch (caught) {
      setError(messageOf(caught, t('oauth.loadFailed')));
      return null;
    }
  }, [t]);

  useEffect(() => {
    // Back from a provider after Link: what came of it.
    const back = takeOAuthReturn();
    if (back?.error) setError(back.error);
    void load().then((fresh) => {
      const linked = fresh?.find((l) => l.provider === back?.linked);
      if (linked) setNotice(t('oauth.linked', { provider: linked.label }));
    });
  }, [load, t]);

  async function unlink(link: OAuthLinkView, withPassword?: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await unlinkOAuth(link.provider, withPassword);
      setAsking(null);
      setPassword('');
      setNotice(t('oauth.unlinked', { provider: link.label }));
      await load();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 403 && withPassword === undefined) setAsking({ link, message: caught.message });
      else if (asking !== null) setAsking({ link, message: messageOf(caught, t('oauth.unlinkFailed')) });
      else setError(messageOf(caught, t('oauth.unlinkFailed')));
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (asking !== null && password !== '') void unlink(asking.link, password);
  }

  if (links !== null && links.length === 0) return null;
  return (
    <section className="card" aria-labelledby="oauth-title" data-testid="oauth-links-card">
      <h2 id="oauth-title">{t('oauth.title')}</h2>
      <p className="muted">{t('oauth.lead')}</p>
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {error !== null && <Alert tone="error">{error}</Alert>}
      {links === null ? (
        error === null && <p className="muted">{t('common:app.loadingPage')}</p>
      ) : (
        <dl className="facts">
          {links.map((link) => (
            <Fragment key={link.provider}>
              <dt>{link.label}</dt>
              <dd>
                {link.linked ? (
                  <>
                    <Trans t={t} i18nKey="oauth.linkedTo" values={{ name: link.linked.name }} components={{ strong: <strong /> }} />{' '}
                    <button type="button" className="button button--ghost-danger button--small" aria-label={t('oauth.unlinkOne', { provider: link.label })} onClick={() => void unlink(link)} disabled={busy}>
                      {t('oauth.unlink')}
                    </button>
                  </>
                ) : (
                  <>
                    {t('oauth.notLinked')}{' '}
                    <a className="button button--secondary button--small" href={oauthStartUrl(link.provider, { link: true })} aria-label={t('oauth.linkOne', { provider: link.label })}>
                      {t('oauth.link')}
                    </a>
                  </>
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}

      <Dialog
        open={asking !== null}
        title={t('oauth.unlinkOne', { provider: asking?.link.label ?? '' })}
        onClose={() => setAsking(null)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setAsking(null)}>
              {t('common:actions.cancel')}
            </button>
            <button type="submit" form="unlink-oauth-form" className="button button--danger" disabled={busy || password === ''}>
              {t('oauth.unlink')}
            </button>
          </>
        }
      >
        <form id="unlink-oauth-form" className="form" onSubmit={confirm} noValidate>
          {asking !== null && <Alert tone="info">{asking.message}</Alert>}
          <Field label={t('auth:login.password')} name="unlink_password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        </form>
      </Dialog>
    </section>
  );
}
