import { useCallback, useState } from 'react';
import {
  deleteToken,
  isKeySearch,
  listTokens,
  regenerateToken,
  setTokenStatus,
  type NewKey,
  type TokenView,
} from '../api/tokens.js';
import { Alert } from '../components/Alert.js';
import { PageHeader } from '../components/PageHeader.js';
import { DataTable, type Column } from '../components/DataTable.js';
import { ConfirmDialog } from '../components/Dialog.js';
import { SearchForm } from '../components/SearchForm.js';
import { CreateKeyDialog, EditKeyDialog, NewKeyDialog } from '../components/KeyDialogs.js';
import { Switch } from '../components/Switch.js';
import { useList } from '../hooks/use-list.js';
import { FALLBACK_MODEL } from '../lib/client-snippets.js';
import { formatUsd } from '../lib/money.js';
import type { PageProps } from './registry.js';
import '../components/keys.css';
import { BudgetsLeft } from '../components/LimitsFields.js';

const PAGE_SIZE = 20;

const STATUS_TEXT: Record<number, string> = { 1: 'Enabled', 2: 'Disabled', 3: 'Expired', 4: 'Quota used up' };

function formatExpiry(seconds: number): string {
  if (seconds === -1) return 'Never';
  return new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** API keys: the signed-in user's (admins: everyone's), masked. The full key shows once, at creation. */
export default function KeysPage({ user }: PageProps) {
  const [search, setSearch] = useState('');
  const load = useCallback((page: number, pageSize: number) => listTokens(page, pageSize, search), [search]);
  const { page, setPage, data, setData, loading, error, reload } = useList(load, PAGE_SIZE, 'keys');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TokenView | null>(null);
  const [fresh, setFresh] = useState<{ key: NewKey; model: string; replaced: boolean } | null>(null);
  const [toDelete, setToDelete] = useState<TokenView | null>(null);
  const [toRegenerate, setToRegenerate] = useState<TokenView | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);


  /** Shows a changed key in place, without reloading the page of keys. */
  function showUpdated(updated: TokenView) {
    setData((current) => (current === null ? current : { ...current, items: current.items.map((t) => (t.id === updated.id ? updated : t)) }));
  }

  async function toggle(token: TokenView, enabled: boolean) {
    setNotice(null);
    setFailure(null);
    try {
      const updated = await setTokenStatus(token.id, enabled);
      showUpdated(updated);
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Could not change the key.');
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setActionError(null);
    try {
      await deleteToken(toDelete.id);
      setNotice(`Deleted the key “${toDelete.name}”.`);
      setToDelete(null);
      await reload();
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : 'Could not delete the key.');
    } finally {
      setBusy(false);
    }
  }

  async function confirmRegenerate() {
    if (toRegenerate === null) return;
    setBusy(true);
    setActionError(null);
    try {
      const key = await regenerateToken(toRegenerate.id);
      setFresh({ key, model: toRegenerate.model_limits[0] ?? FALLBACK_MODEL, replaced: true });
      setToRegenerate(null);
      await reload();
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : 'Could not regenerate the key.');
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<TokenView>[] = [
    { key: 'name', header: 'Name', render: (t) => <strong>{t.name}</strong> },
    { key: 'key', header: 'Key', render: (t) => <code className="keys-hint" data-testid="key-hint">{t.key_hint}</code> },
    {
      key: 'quota',
      header: 'Used / left',
      render: (t) => (
        <span className="keys-quota" data-testid="key-quota">
          {formatUsd(t.used_quota)} / {t.unlimited_quota ? <span className="badge">Unlimited</span> : formatUsd(t.remain_quota)}
          <BudgetsLeft budgets={t.budgets_left} />
        </span>
      ),
    },
    { key: 'expiry', header: 'Expires', render: (t) => formatExpiry(t.expired_time) },
    { key: 'group', header: 'Group', render: (t) => (t.group === '' ? <span className="muted">Your group</span> : t.group) },
    {
      key: 'status',
      header: 'Status',
      render: (t) => (
        <div className="status-cell">
          <Switch checked={t.status !== 2} label={`Enable key ${t.name}`} onChange={(on) => void toggle(t, on)} />
          <span className={`status status--${t.status === 1 ? 'ok' : t.status === 2 ? 'off' : 'warn'}`}>{STATUS_TEXT[t.status] ?? `Status ${t.status}`}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (t) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(t)} aria-label={`Edit key ${t.name}`}>
            Edit
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => { setActionError(null); setToRegenerate(t); }} aria-label={`Regenerate key ${t.name}`}>
            Regenerate
          </button>
          <button type="button" className="button button--ghost-danger button--small" onClick={() => { setActionError(null); setToDelete(t); }} aria-label={`Delete key ${t.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="page keys-page">
      <PageHeader
        title="API keys"
        lead="Keys let clients call this relay. Each key is shown once, when it is made."
        action={
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            Create key
          </button>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <SearchForm
        landmark="API keys"
        noun="keys"
        placeholder="A name, or a key (sk-…)"
        search={search}
        // A searched key does not stay on screen.
        forget={isKeySearch}
        onSearch={(text) => {
          setNotice(null);
          setPage(1);
          setSearch(text);
        }}
      />

      <DataTable
        caption="API keys"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search === '' ? <>No keys yet. Create one to connect a client.</> : isKeySearch(search) ? <>No key matches that key.</> : <>No key matches “{search}”.</>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key, model) => {
            setCreating(false);
            setFresh({ key, model, replaced: false });
            setNotice(null);
            if (page === 1) void reload();
            else setPage(1);
          }}
        />
      )}

      {editing !== null && (
        <EditKeyDialog
          token={editing}
          onClose={() => setEditing(null)}
          onSaved={(updated) => {
            setEditing(null);
            setFailure(null);
            setNotice(`Saved the key “${updated.name}”.`);
            showUpdated(updated);
          }}
        />
      )}

      {fresh !== null && <NewKeyDialog created={fresh.key} model={fresh.model} replaced={fresh.replaced} user={user} onClose={() => setFresh(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this key?"
        confirmLabel="Delete key"
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          Clients using <strong>{toDelete?.name}</strong> ({toDelete?.key_hint}) stop working at once. This cannot be undone.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={toRegenerate !== null}
        title="Regenerate this key?"
        confirmLabel="Regenerate"
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmRegenerate()}
        onCancel={() => setToRegenerate(null)}
      >
        <p>
          A new key replaces <strong>{toRegenerate?.name}</strong> ({toRegenerate?.key_hint}); the old one stops working at once.
        </p>
      </ConfirmDialog>
    </div>
  );
}
