// Models and pricing (admin): the page; the dialog, prices and missing-models list are in ./models/.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('prices');

  const loadMissing = useCallback(async () => {
    setMissingError(null);
    try {
      setMissing(await listMissingModels());
    } catch (caught) {
      setMissingError(messageOf(caught, 'Could not list the missing models.'));
    }
  }, []);

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
      setNotice(`Deleted the record of “${toDelete.name}”.`);
      setToDelete(null);
      await Promise.all([reload(), loadMissing(), loadRecords()]);
    } catch (caught) {
      setDeleteError(messageOf(caught, 'Could not delete the model record.'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<ModelMeta>[] = [
    {
      key: 'name',
      header: 'Model',
      render: (m) => (
        <div className="stack">
          <strong className="mono">{m.name}</strong>
          {m.description !== '' && <span className="muted small">{m.description}</span>}
          {m.tags.length > 0 && (
            <span className="models">
              {m.tags.map((t) => (
                <span key={t} className="chip">
                  {t}
                </span>
              ))}
            </span>
          )}
        </div>
      ),
    },
    { key: 'supplier', header: 'Supplier', render: (m) => (m.supplier_name !== '' ? m.supplier_name : <span className="muted">—</span>) },
    {
      key: 'limits',
      header: 'Limits',
      render: (m) => (
        <span className="stack small">
          <span>Context {tokens(m.context_length)}</span>
          <span>Output {tokens(m.max_output_tokens)}</span>
        </span>
      ),
    },
    {
      key: 'price',
      header: 'Price (USD)',
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
      header: 'Groups',
      render: (m) =>
        m.enable_groups.length === 0 ? (
          <span className="muted small">Not served</span>
        ) : (
          <span className="models">
            {m.enable_groups.map((g) => (
              <span key={g} className="chip">
                {g === '*' ? 'every group' : g}
              </span>
            ))}
          </span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <EditDeleteActions
          what={`model ${m.name}`}
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
        title="Models and pricing"
        lead="Describe the models your channels serve and set what a call costs. Prices are in USD per million tokens, per unit (search units, images, minutes, characters) or per call."
        action={
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
              {t('open')}
            </button>
            <button type="button" className="button button--primary" onClick={() => setEditing({ name: '' })}>
              Describe a model
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
        <Field label="Search models" type="search" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} placeholder="Name, description or tag" />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>

      <DataTable
        caption="Described models"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(m) => m.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search !== '' ? <>No model matches “{search}”.</> : <>No models described yet. Describe one from the list above.</>}
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
        title="Delete this model record?"
        confirmLabel="Delete record"
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          The description and price of <strong>{toDelete?.name}</strong> are removed; calls then pay the built-in price, if there is one.
        </p>
      </ConfirmDialog>
    </div>
  );
}
