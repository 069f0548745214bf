import { useCallback, useId, useState, type FormEvent } from 'react';
import { completeTopUp, listTopUps, type TopUpFilter, type TopUpView } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { DataTable } from '../../components/DataTable.js';
import { Dialog } from '../../components/Dialog.js';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { SelectField, TextAreaField } from '../../components/FormFields.js';
import { PageHeader } from '../../components/PageHeader.js';
import { messageOf, useList } from '../../hooks/use-list.js';
import { formatUsd } from '../../lib/money.js';
import { TOP_UP_SOURCE, TOP_UP_STATUS, topUpColumns } from './top-up-columns.js';
import '../../components/keys.css';

const PAGE_SIZE = 20;

const STATUS_CHOICES = [{ value: '', label: 'Every status' }, ...Object.entries(TOP_UP_STATUS).map(([value, status]) => ({ value, label: status.label }))];
const SOURCE_CHOICES = [{ value: '', label: 'Every source' }, ...Object.entries(TOP_UP_SOURCE).map(([value, label]) => ({ value, label }))];

/** Every user's top-ups (admin), by status and source; a pending payment can be completed by hand. */
export default function TopUpsPage() {
  const [filter, setFilter] = useState<TopUpFilter>({});
  const load = useCallback((page: number, pageSize: number) => listTopUps(page, pageSize, filter), [filter]);
  const { page, setPage, data, loading, error, reload } = useList(load, PAGE_SIZE, 'top-ups');
  const [notice, setNotice] = useState<string | null>(null);
  const [completing, setCompleting] = useState<TopUpView | null>(null);

  const columns = topUpColumns([{ key: 'user', header: 'User ID', numeric: true, render: (t) => t.user_id }], (t) =>
    t.source === 'payment' && t.status === 'pending' ? (
      <button type="button" className="button button--secondary button--small" aria-label={`Complete top-up ${t.id} by hand`} onClick={() => setCompleting(t)}>
        Complete by hand
      </button>
    ) : null,
  );

  function choose(key: keyof TopUpFilter, value: string) {
    setNotice(null);
    setPage(1);
    setFilter((current) => ({ ...current, [key]: value === '' ? undefined : value }));
  }

  return (
    <div className="page">
      <PageHeader title="Top-ups" lead="Every credit to a user's quota: redeemed codes, card payments, moved invitation rewards." />

      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <div className="keys-search" role="group" aria-label="Filter top-ups">
        <SelectField label="Status" value={filter.status ?? ''} onChange={(e) => choose('status', e.currentTarget.value)} options={STATUS_CHOICES} />
        <SelectField label="Source" value={filter.source ?? ''} onChange={(e) => choose('source', e.currentTarget.value)} options={SOURCE_CHOICES} />
      </div>

      <DataTable
        caption="Top-ups"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={<>No top-ups {filter.status || filter.source ? 'match these filters' : 'yet'}.</>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
        dense
      />

      {completing !== null && (
        <CompleteDialog
          topUp={completing}
          onClose={() => setCompleting(null)}
          onDone={(done) => {
            setCompleting(null);
            setNotice(`Top-up ${done.id} completed: ${formatUsd(done.quota)} credited to user ${done.user_id}.`);
            void reload();
          }}
        />
      )}
    </div>
  );
}

function CompleteDialog({ topUp, onClose, onDone }: { topUp: TopUpView; onClose: () => void; onDone: (done: TopUpView) => void }) {
  const formId = useId();
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = note.trim() === '' ? 'Say why, for the log (e.g. paid by bank transfer, checked in Stripe).' : note.length > 500 ? 'At most 500 characters.' : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (problem !== null) return;
    setSubmitting(true);
    try {
      onDone(await completeTopUp(topUp.id, note));
    } catch (caught) {
      setServerError(messageOf(caught, 'Could not complete the top-up.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open title={`Complete top-up ${topUp.id} by hand`} onClose={onClose} footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel="Complete and credit" busyLabel="Completing…" />}>
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <p className="dialog__text">
          User {topUp.user_id} gets {formatUsd(topUp.quota)} at once{topUp.reference !== '' ? ` for payment ${topUp.reference}` : ''}. A later confirmation from the provider adds nothing more.
        </p>
        <TextAreaField label="Reason" value={note} onChange={(e) => setNote(e.currentTarget.value)} error={attempted ? problem : null} rows={3} autoFocus />
      </form>
    </Dialog>
  );
}
