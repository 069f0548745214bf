import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format.js';
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

/** Key statuses with a name: `keys:status.s<status>`. */
const NAMED_STATUSES = [1, 2, 3, 4];

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
  const { t: tr } = useTranslation('keys');
  const formatExpiry = (seconds: number) => (seconds === -1 ? tr('never') : formatDate(seconds * 1000));


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
      setFailure(caught instanceof Error ? caught.message : tr('changeFailed'));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setActionError(null);
    try {
      await deleteToken(toDelete.id);
      setNotice(tr('deleted', { name: toDelete.name }));
      setToDelete(null);
      await reload();
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : tr('deleteFailed'));
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
      setActionError(caught instanceof Error ? caught.message : tr('regenerateFailed'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<TokenView>[] = [
    { key: 'name', header: tr('columns.name'), render: (t) => <strong>{t.name}</strong> },
    { key: 'key', header: tr('columns.key'), render: (t) => <code className="keys-hint" data-testid="key-hint">{t.key_hint}</code> },
    {
      key: 'quota',
      header: tr('columns.quota'),
      render: (t) => (
        <span className="keys-quota" data-testid="key-quota">
          {formatUsd(t.used_quota)} / {t.unlimited_quota ? <span className="badge">{tr('unlimited')}</span> : formatUsd(t.remain_quota)}
          <BudgetsLeft budgets={t.budgets_left} />
        </span>
      ),
    },
    { key: 'expiry', header: tr('columns.expires'), render: (t) => formatExpiry(t.expired_time) },
    { key: 'group', header: tr('columns.group'), render: (t) => (t.group === '' ? <span className="muted">{tr('yourGroup')}</span> : t.group) },
    {
      key: 'status',
      header: tr('columns.status'),
      render: (t) => (
        <div className="status-cell">
          <Switch checked={t.status !== 2} label={tr('enable', { name: t.name })} onChange={(on) => void toggle(t, on)} />
          <span className={`status status--${t.status === 1 ? 'ok' : t.status === 2 ? 'off' : 'warn'}`}>{NAMED_STATUSES.includes(t.status) ? tr(`status.s${t.status}`) : tr('status.other', { status: t.status })}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: tr('columns.actions'),
      render: (t) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(t)} aria-label={tr('editOne', { name: t.name })}>
            {tr('common:actions.edit')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => { setActionError(null); setToRegenerate(t); }} aria-label={tr('regenerateOne', { name: t.name })}>
            {tr('regenerate')}
          </button>
          <button type="button" className="button button--ghost-danger button--small" onClick={() => { setActionError(null); setToDelete(t); }} aria-label={tr('deleteOne', { name: t.name })}>
            {tr('common:actions.delete')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="page keys-page">
      <PageHeader
        title={tr('common:nav.keys')}
        lead={tr('lead')}
        action={
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            {tr('create')}
          </button>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <SearchForm
        landmark={tr('common:nav.keys')}
        noun={tr('noun')}
        placeholder={tr('placeholder')}
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
        caption={tr('common:nav.keys')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search === '' ? tr('none') : isKeySearch(search) ? tr('noKeyMatch') : tr('noMatch', { search })}
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
            setNotice(tr('saved', { name: updated.name }));
            showUpdated(updated);
          }}
        />
      )}

      {fresh !== null && <NewKeyDialog created={fresh.key} model={fresh.model} replaced={fresh.replaced} user={user} onClose={() => setFresh(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        title={tr('confirmDelete')}
        confirmLabel={tr('deleteKey')}
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <Trans t={tr} i18nKey="deleteText" values={{ name: toDelete?.name, hint: toDelete?.key_hint }} components={{ strong: <strong /> }} />
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={toRegenerate !== null}
        title={tr('confirmRegenerate')}
        confirmLabel={tr('regenerate')}
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmRegenerate()}
        onCancel={() => setToRegenerate(null)}
      >
        <p>
          <Trans t={tr} i18nKey="regenerateText" values={{ name: toRegenerate?.name, hint: toRegenerate?.key_hint }} components={{ strong: <strong /> }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
