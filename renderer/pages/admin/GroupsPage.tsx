import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { createGroup, deleteGroup, listGroups, updateGroup, type GroupView } from '../../api/admin.js';
import { Alert } from '../../components/Alert.js';
import { EditDeleteActions } from '../../components/RowActions.js';
import { PageHeader } from '../../components/PageHeader.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { ConfirmDialog, Dialog } from '../../components/Dialog.js';
import { Field } from '../../components/Field.js';
import { CheckboxField } from '../../components/FormFields.js';
import { LimitsFields, LimitsSummary } from '../../components/LimitsFields.js';
import { limitsBody, limitsErrors, limitsValuesOf } from '../../lib/limits-form.js';
import { messageOf, useList } from '../../hooks/use-list.js';

const PAGE_SIZE = 20;
const GROUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Groups (admin): price ratios, descriptions and which groups users may pick for their keys. */
export default function GroupsPage() {
  const { page, setPage, data, loading, error, reload } = useList(listGroups, PAGE_SIZE, 'groups');
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<GroupView | 'new' | null>(null);
  const limitsHeader = useTranslation('limits').t('column');
  const { t } = useTranslation('admin');
  const [toDelete, setToDelete] = useState<GroupView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteGroup(toDelete.name);
      setNotice(t('groups.deleted', { name: toDelete.name }));
      setToDelete(null);
      await reload();
    } catch (caught) {
      setDeleteError(messageOf(caught, t('groups.deleteFailed')));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<GroupView>[] = [
    {
      key: 'name',
      header: t('groups.columns.group'),
      render: (g) => (
        <div className="stack">
          <strong>{g.name}</strong>
          {g.description !== '' && <span className="muted small">{g.description}</span>}
        </div>
      ),
    },
    { key: 'ratio', header: t('groups.columns.ratio'), numeric: true, render: (g) => `×${g.ratio}` },
    {
      key: 'selectable',
      header: t('groups.columns.selectable'),
      render: (g) => <span className={`status status--${g.selectable ? 'ok' : 'off'}`}>{g.selectable ? t('yes') : t('no')}</span>,
    },
    { key: 'limits', header: limitsHeader, render: (g) => <LimitsSummary limits={g.limits} /> },
    { key: 'channels', header: t('groups.columns.channels'), numeric: true, render: (g) => g.channels },
    { key: 'users', header: t('groups.columns.users'), numeric: true, render: (g) => g.users },
    { key: 'tokens', header: t('groups.columns.keys'), numeric: true, render: (g) => g.tokens },
    {
      key: 'actions',
      header: t('actions'),
      render: (g) => (
        <EditDeleteActions
          what={t('groups.what', { name: g.name })}
          onEdit={() => setEditing(g)}
          onDelete={() => {
            setDeleteError(null);
            setToDelete(g);
          }}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('common:nav.groups')}
        lead={t('groups.lead')}
        action={
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t('groups.add')}
          </button>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <DataTable
        caption={t('common:nav.groups')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(g) => g.name}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={t('groups.none')}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      {editing !== null && (
        <GroupDialog
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
            void reload();
          }}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('groups.confirmDelete')}
        confirmLabel={t('groups.deleteGroup')}
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <Trans t={t} i18nKey="groups.deleteText" values={{ name: toDelete?.name }} components={{ strong: <strong /> }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}

function GroupDialog({ group, onClose, onSaved }: { group: GroupView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const formId = useId();
  const isNew = group === null;
  const [name, setName] = useState(group?.name ?? '');
  const [ratio, setRatio] = useState(group === null ? '1' : String(group.ratio));
  const [description, setDescription] = useState(group?.description ?? '');
  const [selectable, setSelectable] = useState(group?.selectable ?? false);
  const [limits, setLimits] = useState(() => limitsValuesOf(group?.limits));
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('admin');

  const ratioNumber = Number(ratio);
  const errors = {
    name: attempted && isNew && !GROUP_NAME.test(name.trim()) ? t('groups.nameRule') : null,
    ratio: attempted && (ratio.trim() === '' || !Number.isFinite(ratioNumber) || ratioNumber < 0 || ratioNumber > 1000) ? t('groups.ratioRule') : null,
    description: attempted && description.length > 500 ? t('money:topUps.tooLong') : null,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    const nameOk = !isNew || GROUP_NAME.test(name.trim());
    if (!nameOk || ratio.trim() === '' || !Number.isFinite(ratioNumber) || ratioNumber < 0 || ratioNumber > 1000 || description.length > 500) return;
    if (Object.keys(limitsErrors(limits)).length > 0) return;
    setSubmitting(true);
    try {
      const body = { name: name.trim(), ratio: ratioNumber, description: description.trim(), selectable, limits: limitsBody(limits) };
      if (isNew) await createGroup(body);
      else await updateGroup(body);
      onSaved(isNew ? t('groups.created', { name: body.name }) : t('groups.saved', { name: body.name }));
    } catch (caught) {
      setServerError(messageOf(caught, t('groups.saveFailed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      title={isNew ? t('groups.addTitle') : t('groups.editTitle', { name: group.name })}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? t('groups.create') : t('common:actions.save')} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label={t('groups.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} disabled={!isNew} error={errors.name} hint={isNew ? t('groups.nameHint') : undefined} autoFocus={isNew} />
        <Field
          label={t('groups.columns.ratio')}
          inputMode="decimal"
          value={ratio}
          onChange={(e) => setRatio(e.currentTarget.value)}
          error={errors.ratio}
          hint={t('groups.ratioHint')}
        />
        <Field label={t('groups.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
        <CheckboxField label={t('groups.selectable')} checked={selectable} onChange={setSelectable} />
        <LimitsFields values={limits} onChange={setLimits} errors={attempted ? limitsErrors(limits) : {}} each="group" />
      </form>
    </Dialog>
  );
}
