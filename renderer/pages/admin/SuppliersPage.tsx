import { useId, useState, type FormEvent } from 'react';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { createSupplier, deleteSupplier, listSuppliers, updateSupplier, type SupplierBody, type SupplierView } from '../../api/admin.js';
import { Alert } from '../../components/Alert.js';
import { EditDeleteActions } from '../../components/RowActions.js';
import { PageHeader } from '../../components/PageHeader.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { ConfirmDialog, Dialog } from '../../components/Dialog.js';
import { Field } from '../../components/Field.js';
import { CheckboxField, TextAreaField } from '../../components/FormFields.js';
import { Switch } from '../../components/Switch.js';
import { messageOf, useList } from '../../hooks/use-list.js';

const PAGE_SIZE = 20;

export function SupplierIcon({ icon, name }: { icon: string; name: string }) {
  if (icon === '')
    return (
      <span className="chip" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  return <img src={icon} alt="" width={24} height={24} loading="lazy" referrerPolicy="no-referrer" />;
}

/** Suppliers (admin): the companies behind models, for grouping and icons. */
export default function SuppliersPage() {
  const { page, setPage, data, loading, error, reload } = useList(listSuppliers, PAGE_SIZE, 'suppliers');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<SupplierView | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<SupplierView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function toggle(supplier: SupplierView, on: boolean) {
    setFailure(null);
    try {
      await updateSupplier({ id: supplier.id, name: supplier.name, description: supplier.description, icon: supplier.icon, status: on ? 1 : 2 });
      await reload(true);
    } catch (caught) {
      setFailure(messageOf(caught, 'Could not change the supplier.'));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteSupplier(toDelete.id);
      setNotice(`Deleted the supplier “${toDelete.name}”.`);
      setToDelete(null);
      await reload();
    } catch (caught) {
      setDeleteError(messageOf(caught, 'Could not delete the supplier.'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<SupplierView>[] = [
    { key: 'icon', header: 'Icon', render: (s) => <SupplierIcon icon={s.icon} name={s.name} /> },
    { key: 'name', header: 'Supplier', render: (s) => <strong>{s.name}</strong> },
    { key: 'description', header: 'Description', render: (s) => (s.description === '' ? <span className="muted">—</span> : s.description) },
    { key: 'models', header: 'Models', numeric: true, render: (s) => s.models },
    {
      key: 'status',
      header: 'Status',
      render: (s) => (
        <div className="status-cell">
          <Switch checked={s.status === 1} label={`Enable supplier ${s.name}`} onChange={(on) => void toggle(s, on)} />
          <span className={`status status--${s.status === 1 ? 'ok' : 'off'}`}>{s.status === 1 ? 'Enabled' : 'Disabled'}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <EditDeleteActions
          what={`supplier ${s.name}`}
          onEdit={() => setEditing(s)}
          onDelete={() => {
            setDeleteError(null);
            setToDelete(s);
          }}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Suppliers"
        lead="The companies behind the models, shown next to model names."
        action={
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add supplier
          </button>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <DataTable
        caption="Suppliers"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(s) => s.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={<>No suppliers yet. Add one to group models by who makes them.</>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      {editing !== null && (
        <SupplierDialog
          supplier={editing === 'new' ? null : editing}
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
        title="Delete this supplier?"
        confirmLabel="Delete supplier"
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          The supplier <strong>{toDelete?.name}</strong> is removed. A supplier still named by models cannot be deleted.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function iconError(icon: string): string | null {
  const value = icon.trim();
  if (value === '') return null;
  if (/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+$/i.test(value)) return null;
  if (/^https?:\/\/\S+$/.test(value) && value.length <= 2048) return null;
  return 'An http(s) link or a data:image/…;base64 URL.';
}

function SupplierDialog({ supplier, onClose, onSaved }: { supplier: SupplierView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const formId = useId();
  const isNew = supplier === null;
  const [name, setName] = useState(supplier?.name ?? '');
  const [description, setDescription] = useState(supplier?.description ?? '');
  const [icon, setIcon] = useState(supplier?.icon ?? '');
  const [enabled, setEnabled] = useState(supplier === null ? true : supplier.status === 1);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const nameError = name.trim() === '' || name.trim().length > 64 ? 'A name of 1–64 characters.' : null;
  const descriptionError = description.length > 1000 ? 'At most 1000 characters.' : null;
  const iconProblem = iconError(icon);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (nameError !== null || descriptionError !== null || iconProblem !== null) return;
    setSubmitting(true);
    try {
      const body: SupplierBody = { name: name.trim(), description: description.trim(), icon: icon.trim(), status: enabled ? 1 : 2 };
      if (supplier === null) await createSupplier(body);
      else await updateSupplier({ ...body, id: supplier.id });
      onSaved(isNew ? `Created the supplier “${body.name}”.` : `Saved the supplier “${body.name}”.`);
    } catch (caught) {
      setServerError(messageOf(caught, 'Could not save the supplier.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      title={supplier === null ? 'Add a supplier' : `Edit supplier ${supplier.name}`}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? 'Create supplier' : 'Save'} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={attempted ? nameError : null} autoFocus />
        <TextAreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={attempted ? descriptionError : null} />
        <Field
          label="Icon"
          value={icon}
          onChange={(e) => setIcon(e.currentTarget.value)}
          error={attempted ? iconProblem : null}
          hint="An image link (https://…) or a data:image/… URL. Leave empty for a letter."
        />
        {icon.trim() !== '' && iconProblem === null && (
          <p className="muted small">
            Preview: <SupplierIcon icon={icon.trim()} name={name} />
          </p>
        )}
        <CheckboxField label="Enabled" checked={enabled} onChange={setEnabled} />
      </form>
    </Dialog>
  );
}
