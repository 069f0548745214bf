import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.js';
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
  const { t } = useTranslation('admin');

  async function toggle(supplier: SupplierView, on: boolean) {
    setFailure(null);
    try {
      await updateSupplier({ id: supplier.id, name: supplier.name, description: supplier.description, icon: supplier.icon, status: on ? 1 : 2 });
      await reload(true);
    } catch (caught) {
      setFailure(messageOf(caught, t('suppliers.changeFailed')));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteSupplier(toDelete.id);
      setNotice(t('suppliers.deleted', { name: toDelete.name }));
      setToDelete(null);
      await reload();
    } catch (caught) {
      setDeleteError(messageOf(caught, t('suppliers.deleteFailed')));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<SupplierView>[] = [
    { key: 'icon', header: t('suppliers.columns.icon'), render: (s) => <SupplierIcon icon={s.icon} name={s.name} /> },
    { key: 'name', header: t('suppliers.columns.supplier'), render: (s) => <strong>{s.name}</strong> },
    { key: 'description', header: t('groups.description'), render: (s) => (s.description === '' ? <span className="muted">—</span> : s.description) },
    { key: 'models', header: t('suppliers.columns.models'), numeric: true, render: (s) => s.models },
    {
      key: 'status',
      header: t('suppliers.columns.status'),
      render: (s) => (
        <div className="status-cell">
          <Switch checked={s.status === 1} label={t('suppliers.enable', { name: s.name })} onChange={(on) => void toggle(s, on)} />
          <span className={`status status--${s.status === 1 ? 'ok' : 'off'}`}>{s.status === 1 ? t('suppliers.enabled') : t('suppliers.disabled')}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('actions'),
      render: (s) => (
        <EditDeleteActions
          what={t('suppliers.what', { name: s.name })}
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
        title={t('common:nav.suppliers')}
        lead={t('suppliers.lead')}
        action={
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t('suppliers.add')}
          </button>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <DataTable
        caption={t('common:nav.suppliers')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(s) => s.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={t('suppliers.none')}
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
        title={t('suppliers.confirmDelete')}
        confirmLabel={t('suppliers.deleteSupplier')}
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <Trans t={t} i18nKey="suppliers.deleteText" values={{ name: toDelete?.name }} components={{ strong: <strong /> }} />
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
  return i18n.t('admin:suppliers.iconRule');
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
  const { t } = useTranslation('admin');

  const nameError = name.trim() === '' || name.trim().length > 64 ? t('suppliers.nameRule') : null;
  const descriptionError = description.length > 1000 ? t('suppliers.descriptionRule') : null;
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
      onSaved(isNew ? t('suppliers.created', { name: body.name }) : t('suppliers.saved', { name: body.name }));
    } catch (caught) {
      setServerError(messageOf(caught, t('suppliers.saveFailed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      title={supplier === null ? t('suppliers.addTitle') : t('suppliers.editTitle', { name: supplier.name })}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? t('suppliers.create') : t('common:actions.save')} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label={t('groups.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={attempted ? nameError : null} autoFocus />
        <TextAreaField label={t('groups.description')} rows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={attempted ? descriptionError : null} />
        <Field
          label={t('suppliers.columns.icon')}
          value={icon}
          onChange={(e) => setIcon(e.currentTarget.value)}
          error={attempted ? iconProblem : null}
          hint={t('suppliers.iconHint')}
        />
        {icon.trim() !== '' && iconProblem === null && (
          <p className="muted small">
            {t('suppliers.preview')} <SupplierIcon icon={icon.trim()} name={name} />
          </p>
        )}
        <CheckboxField label={t('suppliers.enabled')} checked={enabled} onChange={setEnabled} />
      </form>
    </Dialog>
  );
}
