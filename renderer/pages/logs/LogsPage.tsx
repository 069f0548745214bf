// Call and audit records: filters, a paged table, a detail drawer and a CSV export.
// Administrators can switch to everyone's records (`/api/log/`).
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client.js';
import { exportUrl, listLogs } from '../../api/logs.js';
import type { LogPage, LogView } from '../../api/logs.js';
import { LogDrawer } from './LogDrawer.js';
import { EMPTY_FORM, LogFilters, toFilter } from './LogFilters.js';
import type { FilterForm } from './LogFilters.js';
import { LogTable } from './LogTable.js';
import { n } from './format.js';
import '../dashboard/dashboard.css';
import './logs.css';

const PAGE_SIZE = 20;

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: LogPage };

export default function LogsPage() {
  const [isAdmin, setIsAdmin] = useState(false);
  const [everyone, setEveryone] = useState(false);
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [open, setOpen] = useState<LogView | null>(null);

  useEffect(() => {
    api.get('/api/user/self')
      .then((user) => setIsAdmin(user.role >= 10))
      .catch(() => setIsAdmin(false));
  }, []);

  const admin = isAdmin && everyone;
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    listLogs(toFilter(form), page, PAGE_SIZE, admin)
      .then((result) => live && setState({ status: 'ready', page: result }))
      .catch((error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [form, page, admin, reload]);

  const close = useCallback(() => setOpen(null), []);
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.page.total / PAGE_SIZE)) : 1;

  return (
    <section className="observe" aria-labelledby="logs-title">
      <div className="observe__head">
        <h1 id="logs-title">Logs</h1>
        <div className="actions">
          {isAdmin && (
            <label className="toggle">
              <input type="checkbox" checked={everyone} onChange={(e) => (setEveryone(e.target.checked), setPage(1))} />
              <span>Everyone's records</span>
            </label>
          )}
          <button type="button" className="button button--secondary button--small" onClick={() => setReload((x) => x + 1)}>
            Refresh
          </button>
          <a className="button button--secondary button--small" href={exportUrl(toFilter(form), admin)} download>
            Export CSV
          </a>
        </div>
      </div>
      <LogFilters
        initial={form}
        onApply={(next) => {
          setForm(next);
          setPage(1);
        }}
      />
      {state.status === 'loading' && (
        <p className="loading" role="status">
          Loading records…
        </p>
      )}
      {state.status === 'error' && (
        <div className="alert alert--error" role="alert">
          Couldn't load the records: {state.message}
        </div>
      )}
      {state.status === 'ready' &&
        (state.page.items.length === 0 ? (
          <p className="empty">No records match these filters.</p>
        ) : (
          <>
            <LogTable items={state.page.items} admin={admin} onOpen={setOpen} />
            <nav className="logs-pager" aria-label="Pages">
              <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </button>
              <span role="status">
                Page {page} of {pages} · {n(state.page.total)} records
              </span>
              <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </button>
            </nav>
          </>
        ))}
      {open && <LogDrawer record={open} admin={admin} onClose={close} />}
    </section>
  );
}
