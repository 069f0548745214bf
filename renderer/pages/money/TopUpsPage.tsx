import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { completeTopUp, listTopUps, type TopUpFilter, type TopUpView } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { DataTable } from '../../components/DataTable.js';
import { Dialog } from '../../components/Dialog.js';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { SelectField, TextAreaField } from '../../components/FormFields.js';
import { PageHeader } from '../../components/PageHeader.js';
import { messageOf, useList } from '../../hooks/use-list.js';
import { formatUsd } from '../../lib/money.js';
import { sourceLabel, statusLabel, TOP_UP_SOURCES, TOP_UP_STATUS, topUpColumns } from './top-up-columns.js';
import '../../components/keys.css';

const PAGE_SIZE = 20;


/** Every user's top-ups (admin), by status and source; a pending payment can be completed by hand. */
export default function TopUpsPage() {
  const [filter, setFilter] = useState<TopUpFilter>({});
  const load = useCallback((page: number, pageSize: number) => listTopUps(page, pageSize, filter), [filter]);
  const { page, setPage, data, loading, error, reload } = useList(load, PAGE_SIZE, 'top-ups');
  const [notice, setNotice] = useState<string | null>(null);
  const [completing, setCompleting] = useState<TopUpView | null>(null);
  const { t: tr } = useTranslation('money');
  const statusChoices = [{ value: '', label: tr('topUps.everyStatus') }, ...Object.keys(TOP_UP_STATUS).map((value) => ({ value, label: statusLabel(value) }))];
  const sourceChoices = [{ value: '', label: tr('topUps.everySource') }, ...TOP_UP_SOURCES.map((value) => ({ value, label: sourceLabel(value) }))];

  const columns = topUpColumns([{ key: 'user', header: tr('topUps.userId'), numeric: true, render: (t) => t.user_id }], (t) =>
    t.source === 'payment' && t.status === 'pending' ? (
      <button type="button" className="button button--secondary button--small" aria-label={tr('topUps.completeOne', { id: t.id })} onClick={() => setCompleting(t)}>
        {tr('topUps.complete')}
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
      <PageHeader title={tr('common:nav.topups')} lead={tr('topUps.lead')} />

      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <div className="keys-search" role="group" aria-label={tr('topUps.filter')}>
        <SelectField label={tr('topUps.columns.status')} value={filter.status ?? ''} onChange={(e) => choose('status', e.currentTarget.value)} options={statusChoices} />
        <SelectField label={tr('topUps.columns.source')} value={filter.source ?? ''} onChange={(e) => choose('source', e.currentTarget.value)} options={sourceChoices} />
      </div>

      <DataTable
        caption={tr('common:nav.topups')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={filter.status || filter.source ? tr('topUps.noneMatch') : tr('topUps.none')}
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
            setNotice(tr('topUps.completed', { id: done.id, amount: formatUsd(done.quota), user: done.user_id }));
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
  const { t } = useTranslation('money');
  const problem = note.trim() === '' ? t('topUps.sayWhy') : note.length > 500 ? t('topUps.tooLong') : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (problem !== null) return;
    setSubmitting(true);
    try {
      onDone(await completeTopUp(topUp.id, note));
    } catch (caught) {
      setServerError(messageOf(caught, t('topUps.failed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open title={t('topUps.completeOne', { id: topUp.id })} onClose={onClose} footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={t('topUps.completeAndCredit')} busyLabel={t('topUps.completing')} />}>
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <p className="dialog__text">
          {topUp.reference !== '' ? t('topUps.getsForPayment', { user: topUp.user_id, amount: formatUsd(topUp.quota), reference: topUp.reference }) : t('topUps.gets', { user: topUp.user_id, amount: formatUsd(topUp.quota) })}
        </p>
        <TextAreaField label={t('topUps.reason')} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={attempted ? problem : null} rows={3} autoFocus />
      </form>
    </Dialog>
  );
}
