// Models and pricing (admin): the page; the dialog, prices and missing-models list are in ./models/.
import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { deleteModelMeta, listAll, listGroups, listMissingModels, listModelMeta, listSuppliers, type GroupView, type ModelMeta, type SupplierView } from '../../api/admin.js';
import type { Paged } from '../../api/tokens.js';
import { Alert } from '../../components/Alert.js';
import { EditDeleteActions } from '../../components/RowActions.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { Field } from '../../components/Field.js';
import { PageHeader } from '../../components/PageHeader.js';
import { messageOf, useList } from '../../hooks/use-list.js';
import { MissingModels } from './models/MissingModels.js';
import { PriceImportDialog } from './models/PriceImportDialog.js';
import { ModelDialog } from './models/ModelDialog.js';
import { priceOf, tokens } from './models/price.js';
import { GroupPrices, PriceSource, PriceText } from './models/PriceText.js';
import './models/models.css';

const PAGE_SIZE = 20;

/** Models and pricing (admin): model records, their prices in USD, and models channels list without a record. */
export default function ModelsPage() {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const load = useCallback((page: number, pageSize: number): Promise<Paged<ModelMeta>> => listModelMeta(page, pageSize, search), [search]);
  const { page, setPage, data, loading, error, reload } = useList(load, PAGE_SIZE, 'models');
  const [missing, setMissing] = useState<string[] | null>(null);
  const [missingError, setMissingError] = useState<string | null>(null);
  const [groups, setGroups] = useState<GroupView[]>([]);
  // Every record, to find the price a record without one takes from another (by prefix).
  const [records, setRecords] = useState<ModelMeta[]>([]);
  const [suppliers, setSuppliers] = useState<SupplierView[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<ModelMeta | { name: string } | null>(null);
  const [toDelete, setToDelete] = useState<ModelMeta | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const { t } = useTranslation(['models', 'prices']);

  const loadMissing = useCallback(async () => {
    setMissingError(null);
    try {
      setMissing(await listMissingModels());
    } catch (caught) {
      setMissingError(messageOf(caught, t('page.missingFailed')));
    }
  }, [t]);

  const loadRecords = useCallback(() => listAll((p, size) => listModelMeta(p, size)).then(setRecords, () => setRecords([])), []);

  useEffect(() => {
    void loadMissing();
    void loadRecords();
    // Groups and suppliers only decorate the page: without them it still works.
    listAll(listGroups).then(setGroups, () => setGroups([]));
    listAll(listSuppliers).then(setSuppliers, () => setSuppliers([]));
  }, [loadMissing, loadRecords]);

  /** After a save: its message, and the lists read again. */
  function saved(message: string) {
    setNotice(message);
    void reload();
    void loadMissing();
    void loadRecords();
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteModelMeta(toDelete.id);
      setNotice(t('page.deleted', { name: toDelete.name }));
      setToDelete(null);
      await Promise.all([reload(), loadMissing(), loadRecords()]);
    } catch (caught) {
      setDeleteError(messageOf(caught, t('page.deleteFailed')));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<ModelMeta>[] = [
    {
      key: 'name',
      header: t('page.columns.model'),
      render: (m) => (
        <div className="stack">
          <strong className="mono">{m.name}</strong>
          {m.description !== '' && <span className="muted small">{m.description}</span>}
          {m.tags.length > 0 && (
            <span className="models">
              {m.tags.map((tag) => (
                <span key={tag} className="chip">
                  {tag}
                </span>
              ))}
            </span>
          )}
        </div>
      ),
    },
    { key: 'supplier', header: t('page.columns.supplier'), render: (m) => (m.supplier_name !== '' ? m.supplier_name : <span className="muted">—</span>) },
    {
      key: 'limits',
      header: t('page.columns.limits'),
      render: (m) => (
        <span className="stack small">
          <span>{t('page.context', { n: tokens(m.context_length) })}</span>
          <span>{t('page.output', { n: tokens(m.max_output_tokens) })}</span>
        </span>
      ),
    },
    {
      key: 'price',
      header: t('page.columns.price'),
      render: (m) => {
        const price = priceOf(m, records);
        return (
          <div className="stack" data-testid={`price-${m.name}`}>
            <PriceText price={price} />
            <PriceSource price={price} />
            {(price.kind === 'usage' || price.kind === 'call') && groups.length > 0 && <GroupPrices model={m} price={price} groups={groups} />}
          </div>
        );
      },
    },
    {
      key: 'groups',
      header: t('page.columns.groups'),
      render: (m) =>
        m.enable_groups.length === 0 ? (
          <span className="muted small">{t('page.notServed')}</span>
        ) : (
          <span className="models">
            {m.enable_groups.map((g) => (
              <span key={g} className="chip">
                {g === '*' ? t('page.everyGroup') : g}
              </span>
            ))}
          </span>
        ),
    },
    {
      key: 'actions',
      header: t('page.columns.actions'),
      render: (m) => (
        <EditDeleteActions
          what={t('page.what', { name: m.name })}
          onEdit={() => setEditing(m)}
          onDelete={() => {
            setDeleteError(null);
            setToDelete(m);
          }}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('common:nav.models')}
        lead={t('page.lead')}
        action={
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
              {t('prices:open')}
            </button>
            <button type="button" className="button button--primary" onClick={() => setEditing({ name: '' })}>
              {t('page.describe')}
            </button>
          </div>
        }
      />

      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <MissingModels missing={missing} error={missingError} onRetry={() => void loadMissing()} onDescribe={(name) => setEditing({ name })} />

      <form
        className="actions models-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setSearch(keyword);
        }}
      >
        <Field label={t('page.search')} type="search" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} placeholder={t('page.searchPlaceholder')} />
        <button type="submit" className="button button--secondary">
          {t('common:actions.search')}
        </button>
      </form>

      <DataTable
        caption={t('page.caption')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(m) => m.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search !== '' ? t('page.noMatch', { search }) : t('page.none')}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      {editing !== null && (
        <ModelDialog
          model={'id' in editing ? editing : null}
          initialName={editing.name}
          suppliers={suppliers}
          records={records}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            saved(message);
          }}
        />
      )}

      {importing && (
        <PriceImportDialog
          onClose={() => setImporting(false)}
          onApplied={(message) => {
            setImporting(false);
            saved(message);
          }}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('page.confirmDelete')}
        confirmLabel={t('page.deleteRecord')}
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <Trans t={t} i18nKey="page.deleteText" values={{ name: toDelete?.name }} components={{ strong: <strong /> }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
