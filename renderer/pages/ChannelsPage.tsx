import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { batchChannels, deleteChannel, listChannels, testChannel, updateBalance, updateChannel, type ChannelView } from '../api/channels.js';
import { Alert } from '../components/Alert.js';
import { DataTable, type Column } from '../components/DataTable.js';
import { ChannelDialog } from '../components/ChannelDialog.js';
import { ConfirmDialog } from '../components/Dialog.js';
import { InlineNumber } from '../components/InlineNumber.js';
import { MultiKeyPanel } from '../components/MultiKeyPanel.js';
import { PageHeader } from '../components/PageHeader.js';
import { messageOf, useList } from '../hooks/use-list.js';
import { hasBalance, typeLabel } from '../lib/channel-types.js';
import { BalanceCell, type BalanceState } from './channels/BalanceCell.js';
import { BulkBar } from './channels/BulkBar.js';
import { ModelsCell, NameCell, ResponseCell, type TestState } from './channels/cells.js';
import { StatusCell } from './channels/StatusCell.js';
import { TestAllPanel } from './channels/TestAllPanel.js';
import { useTestAll } from './channels/use-test-all.js';
import './channels/channels.css';

const PAGE_SIZE = 20;

/** Channels (admin): the upstreams the relay calls, with their keys kept in the secret store. */
export default function ChannelsPage() {
  const { page, setPage, data, setData, loading, error, reload } = useList(listChannels, PAGE_SIZE, 'channels');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<ChannelView | 'new' | null>(null);
  const [tests, setTests] = useState<Record<number, TestState>>({});
  const [balances, setBalances] = useState<Record<number, BalanceState>>({});
  const [toDelete, setToDelete] = useState<ChannelView | null>(null);
  const [keysOf, setKeysOf] = useState<ChannelView | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const { t } = useTranslation('channels');
  const testAll = useTestAll(() => {
    // The single tests' results are older than the table now.
    setTests({});
    void reload(true);
  });

  // The selection is of the rows shown: another page, or a deleted channel, drops out of it.
  useEffect(() => {
    const shown = new Set<string | number>((data?.items ?? []).map((c) => c.id));
    setSelected((current) => ([...current].every((id) => shown.has(id)) ? current : new Set([...current].filter((id) => shown.has(id)))));
  }, [data]);

  function replace(updated: Partial<ChannelView> & Pick<ChannelView, 'id'>) {
    setData((current) => (current === null ? current : { ...current, items: current.items.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)) }));
  }

  async function toggle(channel: ChannelView, enabled: boolean) {
    setFailure(null);
    try {
      replace(await updateChannel({ id: channel.id, status: enabled ? 1 : 2 }));
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : t('page.changeFailed'));
    }
  }

  /** Saves one number of a channel (priority or weight), and only that field. */
  async function saveNumber(channel: ChannelView, field: 'priority' | 'weight', value: number) {
    replace(await updateChannel(field === 'priority' ? { id: channel.id, priority: value } : { id: channel.id, weight: value }));
  }

  async function runBulk(action: 'enable' | 'disable' | 'delete') {
    const ids = [...selected].map(Number);
    setBulkBusy(true);
    setBulkError(null);
    try {
      const { affected } = await batchChannels(ids, action);
      setNotice(t(`bulk.done.${action}`, { count: affected }));
      setSelected(new Set());
      setConfirmBulkDelete(false);
      await reload(true);
    } catch (caught) {
      setBulkError(messageOf(caught, t(`bulk.failed.${action}`)));
    } finally {
      setBulkBusy(false);
    }
  }

  async function runTest(channel: ChannelView) {
    setTests((current) => ({ ...current, [channel.id]: { state: 'running' } }));
    try {
      const result = await testChannel(channel.id);
      setTests((current) => ({
        ...current,
        [channel.id]: result.ok ? { state: 'ok', ms: result.response_time } : { state: 'failed', message: result.error || `HTTP ${result.status_code}` },
      }));
      // Only what the test changed: a switch flipped while it ran stays as it is now.
      // A passed test also ends the channel's cooldown: the answer carries what is left of it.
      if (result.ok) {
        replace({
          id: channel.id,
          response_time: result.response_time,
          cooldown_until: result.cooldown_until,
          cooldown_failures: result.cooldown_failures,
          ...(result.channel_status !== channel.status ? { status: result.channel_status } : {}),
        });
      }
      // A refused key may have disabled the channel: the table then shows why.
      else if (result.channel_status !== channel.status) await reload(true);
    } catch (caught) {
      setTests((current) => ({ ...current, [channel.id]: { state: 'failed', message: caught instanceof Error ? caught.message : t('page.testFailed') } }));
    }
  }

  async function refreshBalance(channel: ChannelView) {
    setBalances((current) => ({ ...current, [channel.id]: 'running' }));
    try {
      const result = await updateBalance(channel.id);
      replace({ id: channel.id, balance: result.balance, balance_updated_at: Date.now() });
      setBalances((current) => ({ ...current, [channel.id]: '' }));
    } catch (caught) {
      setBalances((current) => ({ ...current, [channel.id]: caught instanceof Error ? caught.message : t('page.balanceFailed') }));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setActionError(null);
    try {
      await deleteChannel(toDelete.id);
      setNotice(t('page.deleted', { name: toDelete.name }));
      setToDelete(null);
      await reload();
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : t('page.deleteFailed'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<ChannelView>[] = [
    {
      key: 'name',
      header: t('columns.channel'),
      render: (c) => <NameCell channel={c} onShowKeys={() => setKeysOf(c)} />,
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (c) => <StatusCell channel={c} onToggle={(on) => void toggle(c, on)} onShowKeys={() => setKeysOf(c)} />,
    },
    {
      key: 'models',
      header: t('columns.models'),
      render: (c) => <ModelsCell channel={c} />,
    },
    { key: 'group', header: t('columns.group'), render: (c) => c.groups.join(', ') },
    {
      key: 'priority',
      header: t('columns.priority'),
      numeric: true,
      render: (c) => <InlineNumber value={c.priority} label={t('columns.priorityOf', { name: c.name })} onSave={(v) => saveNumber(c, 'priority', v)} />,
    },
    {
      key: 'weight',
      header: t('columns.weight'),
      numeric: true,
      render: (c) => <InlineNumber value={c.weight} label={t('columns.weightOf', { name: c.name })} min={0} onSave={(v) => saveNumber(c, 'weight', v)} />,
    },
    {
      key: 'time',
      header: t('columns.response'),
      numeric: true,
      render: (c) => <ResponseCell channel={c} test={tests[c.id]} />,
    },
    {
      key: 'balance',
      header: t('columns.balance'),
      numeric: true,
      render: (c) => <BalanceCell channel={c} state={balances[c.id]} onRefresh={() => void refreshBalance(c)} />,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (c) => (
        <div className="row-actions row-actions--compact">
          <button type="button" className="button button--secondary button--small" onClick={() => void runTest(c)} disabled={tests[c.id]?.state === 'running'} aria-label={t('page.testOne', { name: c.name })}>
            {t('page.test')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(c)} aria-label={t('page.editOne', { name: c.name })}>
            {t('common:actions.edit')}
          </button>
          <button type="button" className="button button--ghost-danger button--small" onClick={() => { setActionError(null); setToDelete(c); }} aria-label={t('page.deleteOne', { name: c.name })}>
            {t('common:actions.delete')}
          </button>
        </div>
      ),
    },
  ];

  const nameOf = (id: number) => data?.items.find((c) => c.id === id)?.name ?? `#${id}`;
  const failedTests = Object.entries(tests).flatMap(([id, t]) => (t.state === 'failed' ? [{ id: Number(id), message: t.message }] : []));
  const failedBalances = Object.entries(balances).flatMap(([id, state]) => (state !== 'running' && state !== '' ? [{ id: Number(id), message: state }] : []));
  const noBalance = [...new Set((data?.items ?? []).filter((c) => !hasBalance(c.type)).map((c) => typeLabel(c.type)))];

  return (
    <div className="page">
      <PageHeader
        title={t('common:nav.channels')}
        lead={t('page.lead')}
        action={
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={() => void testAll.start()} disabled={testAll.running}>
              {testAll.running ? t('page.testingAll') : t('page.testAll')}
            </button>
            <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
              {t('page.add')}
            </button>
          </div>
        }
      />

      <TestAllPanel task={testAll.task} error={testAll.error} retrying={testAll.retrying} onDismiss={testAll.dismiss} />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}
      {failedTests.map((f) => (
        <Alert key={f.id} tone="error">
          {t('page.testOf', { name: nameOf(f.id), message: f.message })}
        </Alert>
      ))}
      {failedBalances.map((f) => (
        <Alert key={`balance-${f.id}`} tone="error">
          {t('page.balanceOf', { name: nameOf(f.id), message: f.message })}
        </Alert>
      ))}

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          busy={bulkBusy}
          error={confirmBulkDelete ? null : bulkError}
          onAction={(action) => void runBulk(action)}
          onDelete={() => {
            setBulkError(null);
            setConfirmBulkDelete(true);
          }}
          onClear={() => setSelected(new Set())}
        />
      )}

      <DataTable
        caption={t('common:nav.channels')}
        dense
        selection={{ selected, onChange: setSelected, rowLabel: (c) => t('page.rowLabel', { name: c.name }), allLabel: t('page.selectAll') }}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(c) => c.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={t('page.none')}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
      {noBalance.length > 0 && (
        <p className="muted small channels-note">
          {t('page.noBalance', { count: noBalance.length, types: noBalance.join(', ') })}
        </p>
      )}

      {editing !== null && (
        <ChannelDialog
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
            void reload();
          }}
        />
      )}

      {keysOf !== null && (
        <MultiKeyPanel
          channel={keysOf}
          onClose={() => {
            setKeysOf(null);
            void reload();
          }}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('page.confirmDelete')}
        confirmLabel={t('page.deleteChannel')}
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <Trans t={t} i18nKey="page.deleteText" values={{ name: toDelete?.name }} components={{ strong: <strong /> }} />
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirmBulkDelete}
        title={t('bulk.confirm', { count: selected.size })}
        confirmLabel={t('bulk.deleteN', { count: selected.size })}
        busy={bulkBusy}
        error={bulkError}
        onConfirm={() => void runBulk('delete')}
        onCancel={() => setConfirmBulkDelete(false)}
      >
        <p>
          <Trans t={t} i18nKey="bulk.deleteText" values={{ names: (data?.items ?? []).filter((c) => selected.has(c.id)).map((c) => c.name).join(', ') }} components={{ strong: <strong /> }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
