import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime as formatDate } from '../i18n/format.js';
import { listSessions, revokeOtherSessions, revokeSession, type SessionView } from '../api/user.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from './Alert.js';
import { DataTable, type Column } from './DataTable.js';
import { ConfirmDialog } from './Dialog.js';

/** What the confirmation is about: one session, or every other one. */
type Pending = { kind: 'one'; session: SessionView } | { kind: 'others'; count: number };

const HOUR_MS = 3600_000;

/** The relay refreshes last-seen at most hourly, so anything closer reads "within the last hour". */
function lastActive(session: SessionView, now: number, t: TFunction<'profile'>): string {
  if (session.current) return t('sessions.now');
  if (now - session.last_seen_at < HOUR_MS) return t('sessions.lastHour');
  return formatDate(session.last_seen_at);
}

/** The signed-in browsers and apps of this user, each with a sign-out button. */
export function SessionsCard() {
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { t } = useTranslation('profile');

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setSessions(await listSessions());
    } catch (caught) {
      setError(messageOf(caught, t('sessions.loadFailed')));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const others = sessions?.filter((s) => !s.current).length ?? 0;

  async function confirm() {
    if (pending === null) return;
    setBusy(true);
    setActionError(null);
    try {
      if (pending.kind === 'one') {
        await revokeSession(pending.session.id);
        // Signing out this very session: start again from the sign-in page.
        if (pending.session.current) return window.location.reload();
        setNotice(t('sessions.signedOutOne', { client: pending.session.client }));
      } else {
        const count = await revokeOtherSessions();
        setNotice(t('sessions.signedOutOthers', { count }));
      }
      setPending(null);
      await load();
    } catch (caught) {
      setActionError(messageOf(caught, t('sessions.signOutFailed')));
    } finally {
      setBusy(false);
    }
  }

  const now = Date.now();
  const columns: Column<SessionView>[] = [
    {
      key: 'client',
      header: t('sessions.client'),
      render: (s) => (
        <span title={s.user_agent || undefined}>
          {s.client} {s.current && <span className="badge">{t('sessions.thisDevice')}</span>}
        </span>
      ),
    },
    { key: 'ip', header: t('sessions.ip'), render: (s) => <code>{s.ip || '—'}</code> },
    { key: 'created', header: t('sessions.signedIn'), render: (s) => formatDate(s.created_at) },
    { key: 'seen', header: t('sessions.lastActive'), render: (s) => lastActive(s, now, t) },
    {
      key: 'actions',
      header: t('sessions.actions'),
      render: (s) => (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          aria-label={s.current ? t('sessions.signOutThisDevice') : t('sessions.signOutClient', { client: s.client, ip: s.ip })}
          onClick={() => {
            setActionError(null);
            setPending({ kind: 'one', session: s });
          }}
        >
          {t('sessions.signOut')}
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="sessions-title" data-testid="sessions-card">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      <p className="muted">{t('sessions.lead')}</p>
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      <DataTable
        caption={t('sessions.caption')}
        columns={columns}
        rows={sessions}
        rowKey={(s) => s.id}
        loading={loading}
        error={error}
        empty={t('sessions.empty')}
        onRetry={() => void load()}
      />
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={others === 0}
          onClick={() => {
            setActionError(null);
            setPending({ kind: 'others', count: others });
          }}
        >
          {t('sessions.signOutOthers')}
        </button>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'others' ? t('sessions.confirmOthers') : pending?.session.current ? t('sessions.confirmThisDevice') : t('sessions.confirmOne')}
        confirmLabel={t('sessions.signOut')}
        busy={busy}
        error={actionError}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'others' && (
          <p>
            {t('sessions.othersMustSignIn', { count: pending.count })}
          </p>
        )}
        {pending?.kind === 'one' && pending.session.current && <p>{t('sessions.thisBrowser')}</p>}
        {pending?.kind === 'one' && !pending.session.current && (
          <p>
            <Trans t={t} i18nKey="sessions.oneMustSignIn" values={{ client: pending.session.client, ip: pending.session.ip || t('sessions.unknownAddress') }} components={{ strong: <strong /> }} />
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
