import { useCallback, useState } from 'react';
import { deleteRedemption, deleteSpentRedemptions, listRedemptions, RedemptionStatus, setRedemptionEnabled, type RedemptionView } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { PageHeader } from '../../components/PageHeader.js';
import { SearchForm } from '../../components/SearchForm.js';
import { Switch } from '../../components/Switch.js';
import { messageOf, useList } from '../../hooks/use-list.js';
import { formatUsd } from '../../lib/money.js';
import { formatWhen } from '../../lib/when.js';
import { MakeCodesDialog, NewCodesDialog } from './MakeCodesDialog.js';

const PAGE_SIZE = 20;

function statusOf(code: RedemptionView): { label: string; tone: 'ok' | 'warn' | 'off' } {
  if (code.status === RedemptionStatus.used) return { label: 'Used', tone: 'off' };
  if (code.expired) return { label: 'Expired', tone: 'warn' };
  if (code.status === RedemptionStatus.disabled) return { label: 'Disabled', tone: 'off' };
  return { label: 'Unused', tone: 'ok' };
}

/** Redemption codes (admin): made in batches and shown once, searched, disabled, deleted. */
export default function RedemptionsPage() {
  const [search, setSearch] = useState('');
  const load = useCallback((page: number, pageSize: number) => listRedemptions(page, pageSize, search), [search]);
  const { page, setPage, data, setData, loading, error, reload } = useList(load, PAGE_SIZE, 'redemption codes');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<{ codes: string[]; name: string } | null>(null);
  const [toDelete, setToDelete] = useState<RedemptionView | 'spent' | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function toggle(code: RedemptionView, enabled: boolean) {
    setNotice(null);
    setFailure(null);
    try {
      const updated = await setRedemptionEnabled(code.id, enabled);
      setData((current) => (current === null ? current : { ...current, items: current.items.map((c) => (c.id === updated.id ? updated : c)) }));
    } catch (caught) {
      setFailure(messageOf(caught, 'Could not change the code.'));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      if (toDelete === 'spent') {
        const removed = await deleteSpentRedemptions();
        setNotice(`Deleted ${removed} used or expired ${removed === 1 ? 'code' : 'codes'}.`);
      } else {
        await deleteRedemption(toDelete.id);
        setNotice(`Deleted the code …${toDelete.key_hint} of “${toDelete.name}”.`);
      }
      setToDelete(null);
      await reload();
    } catch (caught) {
      setDeleteError(messageOf(caught, 'Could not delete.'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<RedemptionView>[] = [
    { key: 'name', header: 'Name', render: (c) => <strong>{c.name}</strong> },
    { key: 'code', header: 'Code', render: (c) => <code data-testid="code-hint">…{c.key_hint}</code> },
    { key: 'quota', header: 'Adds', numeric: true, render: (c) => formatUsd(c.quota) },
    {
      key: 'status',
      header: 'Status',
      render: (c) => {
        const status = statusOf(c);
        return (
          <div className="status-cell">
            {c.status !== RedemptionStatus.used && <Switch checked={c.status === RedemptionStatus.enabled} label={`Enable code …${c.key_hint}`} onChange={(on) => void toggle(c, on)} />}
            <span className={`status status--${status.tone}`}>{status.label}</span>
          </div>
        );
      },
    },
    { key: 'created', header: 'Made', render: (c) => formatWhen(c.created_time * 1000) },
    { key: 'expires', header: 'Expires', render: (c) => (c.expired_time === 0 ? 'Never' : formatWhen(c.expired_time * 1000)) },
    { key: 'redeemed', header: 'Redeemed', render: (c) => (c.redeemed_by === 0 ? <span className="muted">—</span> : `by user ${c.redeemed_by}, ${formatWhen(c.redeemed_time * 1000)}`) },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          aria-label={`Delete code …${c.key_hint}`}
          onClick={() => {
            setDeleteError(null);
            setToDelete(c);
          }}
        >
          Delete
        </button>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Redemption codes"
        lead="Codes add quota to whoever redeems them, once. Each code is shown only when it is made."
        action={
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setDeleteError(null);
                setToDelete('spent');
              }}
            >
              Delete used and expired
            </button>
            <button type="button" className="button button--primary" onClick={() => setMaking(true)}>
              Make codes
            </button>
          </div>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <SearchForm
        landmark="Redemption codes"
        noun="codes"
        placeholder="A name, or an id"
        search={search}
        onSearch={(text) => {
          setNotice(null);
          setPage(1);
          setSearch(text);
        }}
      />

      <DataTable
        caption="Redemption codes"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(c) => c.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search === '' ? <>No codes yet. Make some to hand out quota.</> : <>No code matches “{search}”.</>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      {making && (
        <MakeCodesDialog
          onClose={() => setMaking(false)}
          onMade={(codes, name) => {
            setMaking(false);
            setMade({ codes, name });
            setNotice(null);
            if (page === 1) void reload();
            else setPage(1);
          }}
        />
      )}
      {made !== null && <NewCodesDialog codes={made.codes} name={made.name} onClose={() => setMade(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete === 'spent' ? 'Delete every used or expired code?' : 'Delete this code?'}
        confirmLabel="Delete"
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete === 'spent' ? (
          <p>Codes already redeemed or past their expiry are removed. Their top-up records stay.</p>
        ) : (
          <p>
            The code …{toDelete?.key_hint} of <strong>{toDelete?.name}</strong> is removed{toDelete !== null && toDelete.status !== RedemptionStatus.used ? ' and can no longer be redeemed' : ''}. Its top-up records stay.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
