import { useEffect, useState } from 'react';
import { batchChannels, deleteChannel, listChannels, testChannel, updateBalance, updateChannel, type ChannelView } from '../api/channels.js';
import { Alert } from '../components/Alert.js';
import { DataTable, type Column } from '../components/DataTable.js';
import { ChannelDialog } from '../components/ChannelDialog.js';
import { ChannelTypeBadge } from '../components/ChannelTypeBadge.js';
import { ConfirmDialog } from '../components/Dialog.js';
import { InlineNumber } from '../components/InlineNumber.js';
import { MultiKeyPanel } from '../components/MultiKeyPanel.js';
import { Switch } from '../components/Switch.js';
import { messageOf, useList } from '../hooks/use-list.js';
import { typeLabel } from '../lib/channel-types.js';

const PAGE_SIZE = 20;

const STATUS_TEXT: Record<number, string> = { 1: 'Enabled', 2: 'Disabled', 3: 'Auto-disabled' };

type TestState = { state: 'running' } | { state: 'ok'; ms: number } | { state: 'failed'; message: string };

/** Channels (admin): the upstreams the relay calls, with their keys kept in the secret store. */
export default function ChannelsPage() {
  const { page, setPage, data, setData, loading, error, reload } = useList(listChannels, PAGE_SIZE, 'channels');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<ChannelView | 'new' | null>(null);
  const [tests, setTests] = useState<Record<number, TestState>>({});
  const [balances, setBalances] = useState<Record<number, 'running' | string>>({});
  const [toDelete, setToDelete] = useState<ChannelView | null>(null);
  const [keysOf, setKeysOf] = useState<ChannelView | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);

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
      setFailure(caught instanceof Error ? caught.message : 'Could not change the channel.');
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
      const done = { enable: 'Enabled', disable: 'Disabled', delete: 'Deleted' }[action];
      setNotice(`${done} ${affected} channel${affected === 1 ? '' : 's'}.`);
      setSelected(new Set());
      setConfirmBulkDelete(false);
      await reload(true);
    } catch (caught) {
      setBulkError(messageOf(caught, `Could not ${action} the channels.`));
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
      if (result.ok) replace({ ...channel, response_time: result.response_time, status: result.channel_status });
    } catch (caught) {
      setTests((current) => ({ ...current, [channel.id]: { state: 'failed', message: caught instanceof Error ? caught.message : 'Test failed.' } }));
    }
  }

  async function refreshBalance(channel: ChannelView) {
    setBalances((current) => ({ ...current, [channel.id]: 'running' }));
    try {
      const result = await updateBalance(channel.id);
      replace({ ...channel, balance: result.balance });
      setBalances((current) => ({ ...current, [channel.id]: '' }));
    } catch (caught) {
      setBalances((current) => ({ ...current, [channel.id]: caught instanceof Error ? caught.message : 'Could not read the balance.' }));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setActionError(null);
    try {
      await deleteChannel(toDelete.id);
      setNotice(`Deleted the channel “${toDelete.name}”.`);
      setToDelete(null);
      await reload();
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : 'Could not delete the channel.');
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<ChannelView>[] = [
    {
      key: 'name',
      header: 'Channel',
      render: (c) => (
        <div className="channel-cell">
          <ChannelTypeBadge type={c.type} />
          <div className="stack">
            <strong>{c.name}</strong>
            <span className="muted small">
              {typeLabel(c.type)}
              {c.key_count > 1 && (
                <>
                  {' · '}
                  <button type="button" className="text-button" onClick={() => setKeysOf(c)} aria-label={`Keys of channel ${c.name}`}>
                    {c.enabled_key_count}/{c.key_count} keys
                  </button>
                </>
              )}
            </span>
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (c) => (
        <div className="status-cell">
          <Switch checked={c.status === 1} label={`Enable channel ${c.name}`} onChange={(on) => void toggle(c, on)} />
          <span className={`status status--${c.status === 1 ? 'ok' : c.status === 2 ? 'off' : 'warn'}`} title={c.status_reason || undefined}>
            {STATUS_TEXT[c.status] ?? `Status ${c.status}`}
          </span>
          {c.status !== 1 && c.status_reason !== '' && <span className="muted small reason">{c.status_reason}</span>}
        </div>
      ),
    },
    {
      key: 'models',
      header: 'Models',
      render: (c) => (
        <span className="models" title={c.models.join(', ')}>
          {c.models.slice(0, 3).map((m) => (
            <span key={m} className="chip">
              {m}
            </span>
          ))}
          {c.models.length > 3 && <span className="muted small">+{c.models.length - 3}</span>}
        </span>
      ),
    },
    { key: 'group', header: 'Group', render: (c) => c.groups.join(', ') },
    {
      key: 'priority',
      header: 'Priority',
      numeric: true,
      render: (c) => <InlineNumber value={c.priority} label={`Priority of ${c.name}`} onSave={(v) => saveNumber(c, 'priority', v)} />,
    },
    {
      key: 'weight',
      header: 'Weight',
      numeric: true,
      render: (c) => <InlineNumber value={c.weight} label={`Weight of ${c.name}`} min={0} onSave={(v) => saveNumber(c, 'weight', v)} />,
    },
    {
      key: 'time',
      header: 'Response',
      numeric: true,
      render: (c) => {
        const test = tests[c.id];
        if (test?.state === 'running') return <span className="muted">Testing…</span>;
        if (test?.state === 'failed')
          return (
            <span className="status status--warn" title={test.message} data-testid={`test-result-${c.id}`}>
              Failed
            </span>
          );
        if (test?.state === 'ok')
          return (
            <span className="status status--ok" data-testid={`test-result-${c.id}`}>
              {test.ms} ms
            </span>
          );
        return c.response_time > 0 ? `${c.response_time} ms` : <span className="muted">—</span>;
      },
    },
    {
      key: 'balance',
      header: 'Balance',
      numeric: true,
      render: (c) => {
        const state = balances[c.id];
        return (
          <span className="balance">
            <span title={state !== undefined && state !== 'running' && state !== '' ? state : undefined}>${c.balance.toFixed(2)}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Refresh balance of ${c.name}`}
              title={state !== undefined && state !== 'running' && state !== '' ? state : 'Refresh balance'}
              disabled={state === 'running'}
              onClick={() => void refreshBalance(c)}
            >
              ↻
            </button>
          </span>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <div className="row-actions row-actions--compact">
          <button type="button" className="button button--secondary button--small" onClick={() => void runTest(c)} disabled={tests[c.id]?.state === 'running'} aria-label={`Test channel ${c.name}`}>
            Test
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(c)} aria-label={`Edit channel ${c.name}`}>
            Edit
          </button>
          <button type="button" className="button button--ghost-danger button--small" onClick={() => { setActionError(null); setToDelete(c); }} aria-label={`Delete channel ${c.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  const failedTests = Object.entries(tests).flatMap(([id, t]) => (t.state === 'failed' ? [{ id: Number(id), message: t.message }] : []));

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1>Channels</h1>
          <p className="lead">The upstream providers this relay forwards calls to. Keys are kept in the secret store and never shown again.</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Add channel
        </button>
      </div>

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}
      {failedTests.map((f) => (
        <Alert key={f.id} tone="error">
          Test of channel {data?.items.find((c) => c.id === f.id)?.name ?? f.id} failed: {f.message}
        </Alert>
      ))}

      {selected.size > 0 && (
        <div className="bulk-bar" role="region" aria-label="Selected channels">
          <span>
            <strong>{selected.size}</strong> selected
          </span>
          <div className="actions">
            <button type="button" className="button button--secondary button--small" disabled={bulkBusy} onClick={() => void runBulk('enable')}>
              Enable
            </button>
            <button type="button" className="button button--secondary button--small" disabled={bulkBusy} onClick={() => void runBulk('disable')}>
              Disable
            </button>
            <button
              type="button"
              className="button button--ghost-danger button--small"
              disabled={bulkBusy}
              onClick={() => {
                setBulkError(null);
                setConfirmBulkDelete(true);
              }}
            >
              Delete
            </button>
            <button type="button" className="button button--secondary button--small" disabled={bulkBusy} onClick={() => setSelected(new Set())}>
              Clear selection
            </button>
          </div>
          {bulkError !== null && !confirmBulkDelete && (
            <div className="alert alert--error bulk-bar__error" role="alert">
              {bulkError}
            </div>
          )}
        </div>
      )}

      <DataTable
        caption="Channels"
        dense
        selection={{ selected, onChange: setSelected, rowLabel: (c) => `channel ${c.name}`, allLabel: 'Select every channel on this page' }}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(c) => c.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={<>No channels yet. Add one to start relaying calls.</>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

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
        title="Delete this channel?"
        confirmLabel="Delete channel"
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          The channel <strong>{toDelete?.name}</strong> and its keys are removed. Calls go to the other channels. This cannot be undone.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirmBulkDelete}
        title={`Delete ${selected.size} channel${selected.size === 1 ? '' : 's'}?`}
        confirmLabel={`Delete ${selected.size} channel${selected.size === 1 ? '' : 's'}`}
        busy={bulkBusy}
        error={bulkError}
        onConfirm={() => void runBulk('delete')}
        onCancel={() => setConfirmBulkDelete(false)}
      >
        <p>
          The selected channels and their keys are removed:{' '}
          <strong>{(data?.items ?? []).filter((c) => selected.has(c.id)).map((c) => c.name).join(', ')}</strong>. Calls go to the other channels. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
