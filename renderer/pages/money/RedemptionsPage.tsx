import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

function statusOf(code: RedemptionView): { key: 'used' | 'expired' | 'disabled' | 'unused'; tone: 'ok' | 'warn' | 'off' } {
  if (code.status === RedemptionStatus.used) return { key: 'used', tone: 'off' };
  if (code.expired) return { key: 'expired', tone: 'warn' };
  if (code.status === RedemptionStatus.disabled) return { key: 'disabled', tone: 'off' };
  return { key: 'unused', tone: 'ok' };
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
  const { t } = useTranslation('money');

  async function toggle(code: RedemptionView, enabled: boolean) {
    setNotice(null);
    setFailure(null);
    try {
      const updated = await setRedemptionEnabled(code.id, enabled);
      setData((current) => (current === null ? current : { ...current, items: current.items.map((c) => (c.id === updated.id ? updated : c)) }));
    } catch (caught) {
      setFailure(messageOf(caught, t('codes.changeFailed')));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      if (toDelete === 'spent') {
        const removed = await deleteSpentRedemptions();
        setNotice(t('codes.deletedSpent', { count: removed }));
      } else {
        await deleteRedemption(toDelete.id);
        setNotice(t('codes.deletedOne', { hint: toDelete.key_hint, name: toDelete.name }));
      }
      setToDelete(null);
      await reload();
    } catch (caught) {
      setDeleteError(messageOf(caught, t('codes.deleteFailed')));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<RedemptionView>[] = [
    { key: 'name', header: t('codes.columns.name'), render: (c) => <strong>{c.name}</strong> },
    { key: 'code', header: t('codes.columns.code'), render: (c) => <code data-testid="code-hint">…{c.key_hint}</code> },
    { key: 'quota', header: t('codes.columns.adds'), numeric: true, render: (c) => formatUsd(c.quota) },
    {
      key: 'status',
      header: t('codes.columns.status'),
      render: (c) => {
        const status = statusOf(c);
        return (
          <div className="status-cell">
            {c.status !== RedemptionStatus.used && <Switch checked={c.status === RedemptionStatus.enabled} label={t('codes.enable', { hint: c.key_hint })} onChange={(on) => void toggle(c, on)} />}
            <span className={`status status--${status.tone}`}>{t(`codes.status.${status.key}`)}</span>
          </div>
        );
      },
    },
    { key: 'created', header: t('codes.columns.made'), render: (c) => formatWhen(c.created_time * 1000) },
    { key: 'expires', header: t('codes.columns.expires'), render: (c) => (c.expired_time === 0 ? t('codes.never') : formatWhen(c.expired_time * 1000)) },
    { key: 'redeemed', header: t('codes.columns.redeemed'), render: (c) => (c.redeemed_by === 0 ? <span className="muted">—</span> : t('codes.redeemedBy', { user: c.redeemed_by, when: formatWhen(c.redeemed_time * 1000) })) },
    {
      key: 'actions',
      header: t('codes.columns.actions'),
      render: (c) => (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          aria-label={t('codes.deleteOne', { hint: c.key_hint })}
          onClick={() => {
            setDeleteError(null);
            setToDelete(c);
          }}
        >
          {t('common:actions.delete')}
        </button>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('common:nav.redemptions')}
        lead={t('codes.lead')}
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
              {t('codes.deleteSpent')}
            </button>
            <button type="button" className="button button--primary" onClick={() => setMaking(true)}>
              {t('codes.make')}
            </button>
          </div>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <SearchForm
        landmark={t('common:nav.redemptions')}
        noun={t('codes.noun')}
        placeholder={t('codes.placeholder')}
        search={search}
        onSearch={(text) => {
          setNotice(null);
          setPage(1);
          setSearch(text);
        }}
      />

      <DataTable
        caption={t('common:nav.redemptions')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(c) => c.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search === '' ? t('codes.none') : t('codes.noMatch', { search })}
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
        title={toDelete === 'spent' ? t('codes.confirmSpent') : t('codes.confirmOne')}
        confirmLabel={t('common:actions.delete')}
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete === 'spent' ? (
          <p>{t('codes.spentText')}</p>
        ) : (
          <p>
            <Trans t={t} i18nKey={toDelete !== null && toDelete.status !== RedemptionStatus.used ? 'codes.oneTextUnused' : 'codes.oneText'} values={{ hint: toDelete?.key_hint, name: toDelete?.name }} components={{ strong: <strong /> }} />
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
