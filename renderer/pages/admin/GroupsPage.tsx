import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [toDelete, setToDelete] = useState<GroupView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteGroup(toDelete.name);
      setNotice(`Deleted the group “${toDelete.name}”.`);
      setToDelete(null);
      await reload();
    } catch (caught) {
      setDeleteError(messageOf(caught, 'Could not delete the group.'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<GroupView>[] = [
    {
      key: 'name',
      header: 'Group',
      render: (g) => (
        <div className="stack">
          <strong>{g.name}</strong>
          {g.description !== '' && <span className="muted small">{g.description}</span>}
        </div>
      ),
    },
    { key: 'ratio', header: 'Price ratio', numeric: true, render: (g) => `×${g.ratio}` },
    {
      key: 'selectable',
      header: 'Users may pick',
      render: (g) => <span className={`status status--${g.selectable ? 'ok' : 'off'}`}>{g.selectable ? 'Yes' : 'No'}</span>,
    },
    { key: 'limits', header: limitsHeader, render: (g) => <LimitsSummary limits={g.limits} /> },
    { key: 'channels', header: 'Channels', numeric: true, render: (g) => g.channels },
    { key: 'users', header: 'Users', numeric: true, render: (g) => g.users },
    { key: 'tokens', header: 'Keys', numeric: true, render: (g) => g.tokens },
    {
      key: 'actions',
      header: 'Actions',
      render: (g) => (
        <EditDeleteActions
          what={`group ${g.name}`}
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
        title="Groups"
        lead="Groups decide which channels serve a caller and multiply every price by their ratio."
        action={
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add group
          </button>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <DataTable
        caption="Groups"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(g) => g.name}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={<>No groups yet.</>}
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
        title="Delete this group?"
        confirmLabel="Delete group"
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          The group <strong>{toDelete?.name}</strong> is removed. A group still used by channels, users or keys cannot be deleted.
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

  const ratioNumber = Number(ratio);
  const errors = {
    name: attempted && isNew && !GROUP_NAME.test(name.trim()) ? 'Letters, digits, “.”, “_” or “-”, starting with a letter or digit (at most 64).' : null,
    ratio: attempted && (ratio.trim() === '' || !Number.isFinite(ratioNumber) || ratioNumber < 0 || ratioNumber > 1000) ? 'A number from 0 to 1000.' : null,
    description: attempted && description.length > 500 ? 'At most 500 characters.' : null,
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
      onSaved(isNew ? `Created the group “${body.name}”.` : `Saved the group “${body.name}”.`);
    } catch (caught) {
      setServerError(messageOf(caught, 'Could not save the group.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      title={isNew ? 'Add a group' : `Edit group ${group.name}`}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? 'Create group' : 'Save'} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} disabled={!isNew} error={errors.name} hint={isNew ? 'Names cannot change later.' : undefined} autoFocus={isNew} />
        <Field
          label="Price ratio"
          inputMode="decimal"
          value={ratio}
          onChange={(e) => setRatio(e.currentTarget.value)}
          error={errors.ratio}
          hint="Every price is multiplied by this for callers of the group: 1 is the list price, 0.5 half of it."
        />
        <Field label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
        <CheckboxField label="Users may pick this group for their keys" checked={selectable} onChange={setSelectable} />
        <LimitsFields values={limits} onChange={setLimits} errors={attempted ? limitsErrors(limits) : {}} each="group" />
      </form>
    </Dialog>
  );
}
