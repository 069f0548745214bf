import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import {
  createModelMeta,
  deleteModelMeta,
  formatPrice,
  listAll,
  listGroups,
  listMissingModels,
  listModelMeta,
  listSuppliers,
  ratioToUsd,
  updateModelMeta,
  usdToRatio,
  type GroupView,
  type ModelBody,
  type ModelMeta,
  type SupplierView,
} from '../../api/admin.js';
import type { Paged } from '../../api/tokens.js';
import { Alert } from '../../components/Alert.js';
import { EditDeleteActions } from '../../components/RowActions.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { ConfirmDialog, Dialog } from '../../components/Dialog.js';
import { Field } from '../../components/Field.js';
import { SelectField, TextAreaField } from '../../components/FormFields.js';
import { messageOf, useList } from '../../hooks/use-list.js';

const PAGE_SIZE = 20;

/** Drops float noise (0.30000000000000004 → 0.3). */
function clean(value: number): number {
  return Number(value.toPrecision(10));
}

function tokens(count: number): string {
  if (count <= 0) return '—';
  if (count >= 1_000_000 && count % 100_000 === 0) return `${clean(count / 1_000_000)}M`;
  if (count >= 1000 && count % 1000 === 0) return `${count / 1000}K`;
  if (count >= 1024 && count % 1024 === 0) return `${count / 1024}K`;
  return count.toLocaleString('en-US');
}

interface Price {
  kind: 'token' | 'call' | 'default' | 'none';
  /** USD per million input tokens, or per call. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

function priceOf(model: ModelMeta): Price {
  if (model.price_per_call !== null) return { kind: 'call', input: model.price_per_call, output: 0, cacheRead: 0, cacheWrite: 0 };
  if (model.model_ratio !== null) {
    const input = ratioToUsd(model.model_ratio);
    return {
      kind: 'token',
      input,
      output: input * (model.completion_ratio ?? 1),
      cacheRead: input * (model.cache_ratio ?? 1),
      cacheWrite: input * (model.cache_write_ratio ?? 1),
    };
  }
  return { kind: model.price_source === 'default' ? 'default' : 'none', input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

function PriceText({ price, factor = 1 }: { price: Price; factor?: number }) {
  if (price.kind === 'call') return <span>{formatPrice(clean(price.input * factor))} per call</span>;
  if (price.kind === 'default') return <span className="muted">Built-in price</span>;
  if (price.kind === 'none') return <span className="status status--warn">No price</span>;
  return (
    <span className="stack">
      <span>{formatPrice(clean(price.input * factor))} / 1M input</span>
      <span>{formatPrice(clean(price.output * factor))} / 1M output</span>
    </span>
  );
}

/** Models and pricing (admin): model records, their prices in USD, and models channels list without a record. */
export default function ModelsPage() {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const load = useCallback((page: number, pageSize: number): Promise<Paged<ModelMeta>> => listModelMeta(page, pageSize, search), [search]);
  const { page, setPage, data, loading, error, reload } = useList(load, PAGE_SIZE, 'models');
  const [missing, setMissing] = useState<string[] | null>(null);
  const [missingError, setMissingError] = useState<string | null>(null);
  const [groups, setGroups] = useState<GroupView[]>([]);
  const [suppliers, setSuppliers] = useState<SupplierView[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<ModelMeta | { name: string } | null>(null);
  const [toDelete, setToDelete] = useState<ModelMeta | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const loadMissing = useCallback(async () => {
    setMissingError(null);
    try {
      setMissing(await listMissingModels());
    } catch (caught) {
      setMissingError(messageOf(caught, 'Could not list the missing models.'));
    }
  }, []);

  useEffect(() => {
    void loadMissing();
    // Groups and suppliers only decorate the page: without them it still works.
    listAll(listGroups).then(setGroups, () => setGroups([]));
    listAll(listSuppliers).then(setSuppliers, () => setSuppliers([]));
  }, [loadMissing]);

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteModelMeta(toDelete.id);
      setNotice(`Deleted the record of “${toDelete.name}”.`);
      setToDelete(null);
      await Promise.all([reload(), loadMissing()]);
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
        const price = priceOf(m);
        return (
          <div className="stack" data-testid={`price-${m.name}`}>
            <PriceText price={price} />
            {(price.kind === 'token' || price.kind === 'call') && groups.length > 0 && <GroupPrices model={m} price={price} groups={groups} />}
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
      <div className="page__header">
        <div>
          <h1>Models and pricing</h1>
          <p className="lead">Describe the models your channels serve and set what a call costs. Prices are in USD per million tokens (or per call).</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setEditing({ name: '' })}>
          Describe a model
        </button>
      </div>

      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <section className="card" aria-labelledby="missing-models-title">
        <h2 id="missing-models-title" className="section-title">
          Models without a description
        </h2>
        {missingError !== null ? (
          <>
            <Alert tone="error">{missingError}</Alert>
            <button type="button" className="button button--secondary button--small" onClick={() => void loadMissing()}>
              Try again
            </button>
          </>
        ) : missing === null ? (
          <p className="muted">Loading…</p>
        ) : missing.length === 0 ? (
          <p className="muted">Every model your channels list is described.</p>
        ) : (
          <>
            <p className="muted small">Channels list these models, but no record describes or prices them.</p>
            <ul className="models" aria-label="Missing models" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
              {missing.map((name) => (
                <li key={name} className="chip">
                  <span className="mono">{name}</span>{' '}
                  <button type="button" className="button button--secondary button--small" onClick={() => setEditing({ name })} aria-label={`Describe model ${name}`}>
                    Describe
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <form
        className="actions"
        role="search"
        style={{ alignItems: 'flex-end' }}
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
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
            void reload();
            void loadMissing();
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

/** The model's price for each group it is served to: price × group ratio. */
function GroupPrices({ model, price, groups }: { model: ModelMeta; price: Price; groups: GroupView[] }) {
  const served = model.enable_groups.includes('*') || model.enable_groups.length === 0 ? groups : groups.filter((g) => model.enable_groups.includes(g.name));
  if (served.length === 0) return null;
  return (
    <details>
      <summary className="small">Prices per group</summary>
      <table className="table" aria-label={`Prices of ${model.name} per group`}>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col" className="num">
              Ratio
            </th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {served.map((g) => (
            <tr key={g.name}>
              <td>{g.name}</td>
              <td className="num">×{g.ratio}</td>
              <td>
                <PriceText price={price} factor={g.ratio} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

type Mode = 'token' | 'call' | 'default';

interface Values {
  name: string;
  supplier: string;
  description: string;
  tags: string;
  context: string;
  maxOutput: string;
  mode: Mode;
  input: string;
  output: string;
  cacheRead: string;
  cacheWrite: string;
  perCall: string;
}

type Errors = Partial<Record<keyof Values, string>>;

const NUMBER = /^\d+(\.\d+)?$/;

function num(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

function validate(v: Values): Errors {
  const errors: Errors = {};
  const name = v.name.trim();
  if (name === '' || name.length > 128 || /\s/.test(name)) errors.name = 'A model name is 1–128 characters without spaces.';
  if (v.description.length > 2000) errors.description = 'At most 2000 characters.';
  const tags = v.tags.split(',').map((t) => t.trim()).filter(Boolean);
  if (tags.length > 20 || tags.some((t) => t.length > 32)) errors.tags = 'At most 20 tags of at most 32 characters each.';
  for (const key of ['context', 'maxOutput'] as const) {
    if (v[key].trim() !== '' && (!/^\d+$/.test(v[key].trim()) || Number(v[key]) > 100_000_000)) errors[key] = 'A whole number of tokens (empty: unknown).';
  }
  const context = num(v.context) ?? 0;
  const maxOutput = num(v.maxOutput) ?? 0;
  if (errors.context === undefined && errors.maxOutput === undefined && context > 0 && maxOutput > context) errors.maxOutput = 'Cannot exceed the context length.';
  if (v.mode === 'token') {
    if (!NUMBER.test(v.input.trim())) errors.input = 'A price in USD, e.g. 2.5.';
    for (const key of ['output', 'cacheRead', 'cacheWrite'] as const) {
      if (v[key].trim() !== '' && !NUMBER.test(v[key].trim())) errors[key] = 'A price in USD, or empty for the input price.';
    }
    if (errors.input === undefined && Number(v.input) === 0 && ['output', 'cacheRead', 'cacheWrite'].some((k) => (num(v[k as 'output']) ?? 0) > 0)) {
      errors.input = 'With a free input, the other prices must be 0 too (they are set relative to the input).';
    }
    if (errors.input === undefined && usdToRatio(Number(v.input)) > 1_000_000) errors.input = 'Too high.';
  }
  if (v.mode === 'call' && !NUMBER.test(v.perCall.trim())) errors.perCall = 'A price in USD per call, e.g. 0.04.';
  return errors;
}

function toBody(v: Values): ModelBody {
  const input = Number(v.input);
  const relative = (text: string): number | null => {
    const value = num(text);
    if (value === null || input === 0) return null;
    return clean(value / input);
  };
  return {
    name: v.name.trim(),
    supplier_id: Number(v.supplier),
    description: v.description.trim(),
    tags: [...new Set(v.tags.split(',').map((t) => t.trim()).filter(Boolean))],
    context_length: num(v.context) ?? 0,
    max_output_tokens: num(v.maxOutput) ?? 0,
    model_ratio: v.mode === 'token' ? clean(usdToRatio(input)) : null,
    price_per_call: v.mode === 'call' ? Number(v.perCall) : null,
    completion_ratio: v.mode === 'token' ? relative(v.output) : null,
    cache_ratio: v.mode === 'token' ? relative(v.cacheRead) : null,
    cache_write_ratio: v.mode === 'token' ? relative(v.cacheWrite) : null,
  };
}

function initialValues(model: ModelMeta | null, name: string): Values {
  if (model === null)
    return { name, supplier: '0', description: '', tags: '', context: '', maxOutput: '', mode: 'token', input: '', output: '', cacheRead: '', cacheWrite: '', perCall: '' };
  const input = model.model_ratio !== null ? ratioToUsd(model.model_ratio) : 0;
  const relative = (ratio: number | null) => (ratio === null || model.model_ratio === null ? '' : String(clean(input * ratio)));
  return {
    name: model.name,
    supplier: String(model.supplier_id),
    description: model.description,
    tags: model.tags.join(', '),
    context: model.context_length > 0 ? String(model.context_length) : '',
    maxOutput: model.max_output_tokens > 0 ? String(model.max_output_tokens) : '',
    mode: model.price_per_call !== null ? 'call' : model.model_ratio !== null ? 'token' : 'default',
    input: model.model_ratio !== null ? String(clean(input)) : '',
    output: relative(model.completion_ratio),
    cacheRead: relative(model.cache_ratio),
    cacheWrite: relative(model.cache_write_ratio),
    perCall: model.price_per_call !== null ? String(model.price_per_call) : '',
  };
}

function ModelDialog({
  model,
  initialName,
  suppliers,
  onClose,
  onSaved,
}: {
  model: ModelMeta | null;
  initialName: string;
  suppliers: SupplierView[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(model, initialName));
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = attempted ? validate(values) : {};

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(values)).length > 0) return;
    setSubmitting(true);
    try {
      const body = toBody(values);
      if (model === null) await createModelMeta(body);
      else await updateModelMeta({ ...body, id: model.id });
      onSaved(`Saved the model “${body.name}”.`);
    } catch (caught) {
      setServerError(messageOf(caught, 'Could not save the model.'));
    } finally {
      setSubmitting(false);
    }
  }

  const supplierOptions = [{ value: '0', label: 'None' }, ...suppliers.map((s) => ({ value: String(s.id), label: s.status === 1 ? s.name : `${s.name} (disabled)` }))];
  if (model !== null && model.supplier_id !== 0 && !suppliers.some((s) => s.id === model.supplier_id)) {
    supplierOptions.push({ value: String(model.supplier_id), label: model.supplier_name || `Supplier ${model.supplier_id}` });
  }
  const inputNumber = Number(values.input);
  const ratioHint = values.input.trim() !== '' && NUMBER.test(values.input.trim()) ? `Model ratio ${clean(usdToRatio(inputNumber))} (ratio 1 = $2 per 1M input tokens).` : 'Ratio 1 = $2 per 1M input tokens.';

  return (
    <Dialog
      open
      wide
      title={model === null ? (initialName !== '' ? `Describe ${initialName}` : 'Describe a model') : `Edit model ${model.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save model'}
          </button>
        </>
      }
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <div className="form-row">
          <Field label="Model name" className="mono" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoFocus={initialName === '' && model === null} />
          <SelectField label="Supplier" value={values.supplier} onChange={(e) => set('supplier', e.currentTarget.value)} options={supplierOptions} />
        </div>
        <TextAreaField label="Description" rows={2} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
        <Field label="Tags" value={values.tags} onChange={(e) => set('tags', e.currentTarget.value)} error={errors.tags} hint="Separated by commas, e.g. vision, tools." />
        <div className="form-row">
          <Field label="Context length" inputMode="numeric" value={values.context} onChange={(e) => set('context', e.currentTarget.value)} error={errors.context} hint="Tokens; empty if unknown." />
          <Field label="Max output tokens" inputMode="numeric" value={values.maxOutput} onChange={(e) => set('maxOutput', e.currentTarget.value)} error={errors.maxOutput} hint="Tokens; empty if unknown." />
        </div>
        <SelectField
          label="Pricing"
          value={values.mode}
          onChange={(e) => set('mode', e.currentTarget.value as Mode)}
          options={[
            { value: 'token', label: 'Per token (USD per 1M tokens)' },
            { value: 'call', label: 'Per call (USD)' },
            { value: 'default', label: 'Built-in price, if any' },
          ]}
        />
        {values.mode === 'token' && (
          <>
            <div className="form-row">
              <Field label="Input price (USD per 1M tokens)" inputMode="decimal" value={values.input} onChange={(e) => set('input', e.currentTarget.value)} error={errors.input} hint={ratioHint} />
              <Field label="Output price (USD per 1M tokens)" inputMode="decimal" value={values.output} onChange={(e) => set('output', e.currentTarget.value)} error={errors.output} hint="Empty: the input price." />
            </div>
            <div className="form-row">
              <Field label="Cached input price (USD per 1M tokens)" inputMode="decimal" value={values.cacheRead} onChange={(e) => set('cacheRead', e.currentTarget.value)} error={errors.cacheRead} hint="Empty: the input price." />
              <Field label="Cache write price (USD per 1M tokens)" inputMode="decimal" value={values.cacheWrite} onChange={(e) => set('cacheWrite', e.currentTarget.value)} error={errors.cacheWrite} hint="Empty: the input price." />
            </div>
          </>
        )}
        {values.mode === 'call' && (
          <Field label="Price per call (USD)" inputMode="decimal" value={values.perCall} onChange={(e) => set('perCall', e.currentTarget.value)} error={errors.perCall} hint="Charged for each call, whatever its length." />
        )}
        {values.mode === 'default' && <p className="muted small">Calls pay the relay’s built-in price for this model name; without one, they are free.</p>}
      </form>
    </Dialog>
  );
}
