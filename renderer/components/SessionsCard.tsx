import { useCallback, useEffect, useState } from 'react';
import { listSessions, revokeOtherSessions, revokeSession, type SessionView } from '../api/user.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from './Alert.js';
import { DataTable, type Column } from './DataTable.js';
import { ConfirmDialog } from './Dialog.js';

/** What the confirmation is about: one session, or every other one. */
type Pending = { kind: 'one'; session: SessionView } | { kind: 'others'; count: number };

const HOUR_MS = 3600_000;

function formatDate(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The relay refreshes last-seen at most hourly, so anything closer reads "within the last hour". */
function lastActive(session: SessionView, now: number): string {
  if (session.current) return 'Now';
  if (now - session.last_seen_at < HOUR_MS) return 'Within the last hour';
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

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setSessions(await listSessions());
    } catch (caught) {
      setError(messageOf(caught, 'Could not load your sessions.'));
    } finally {
      setLoading(false);
    }
  }, []);

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
        setNotice(`Signed out ${pending.session.client}.`);
      } else {
        const count = await revokeOtherSessions();
        setNotice(count === 1 ? 'Signed out 1 other session.' : `Signed out ${count} other sessions.`);
      }
      setPending(null);
      await load();
    } catch (caught) {
      setActionError(messageOf(caught, 'Could not sign the session out.'));
    } finally {
      setBusy(false);
    }
  }

  const now = Date.now();
  const columns: Column<SessionView>[] = [
    {
      key: 'client',
      header: 'Client',
      render: (s) => (
        <span title={s.user_agent || undefined}>
          {s.client} {s.current && <span className="badge">This device</span>}
        </span>
      ),
    },
    { key: 'ip', header: 'IP address', render: (s) => <code>{s.ip || '—'}</code> },
    { key: 'created', header: 'Signed in', render: (s) => formatDate(s.created_at) },
    { key: 'seen', header: 'Last active', render: (s) => lastActive(s, now) },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          aria-label={s.current ? 'Sign out this device' : `Sign out ${s.client} (${s.ip})`}
          onClick={() => {
            setActionError(null);
            setPending({ kind: 'one', session: s });
          }}
        >
          Sign out
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="sessions-title" data-testid="sessions-card">
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted">Where you are signed in to this relay. Sign out any you do not recognise, then change your password.</p>
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      <DataTable
        caption="Your sessions"
        columns={columns}
        rows={sessions}
        rowKey={(s) => s.id}
        loading={loading}
        error={error}
        empty="No sessions: you are using an access token, not a signed-in browser."
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
          Sign out all other sessions
        </button>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'others' ? 'Sign out all other sessions?' : pending?.session.current ? 'Sign out this device?' : 'Sign out this session?'}
        confirmLabel="Sign out"
        busy={busy}
        error={actionError}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'others' && (
          <p>
            {pending.count === 1 ? 'The other session' : `The ${pending.count} other sessions`} must sign in again. This device stays signed in.
          </p>
        )}
        {pending?.kind === 'one' && pending.session.current && <p>This is the browser you are using: you will be taken to the sign-in page.</p>}
        {pending?.kind === 'one' && !pending.session.current && (
          <p>
            <strong>{pending.session.client}</strong> ({pending.session.ip || 'unknown address'}) must sign in again to use the console.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
