// Models page: a price catalogue imported in bulk. The JSON is compared with the model records
// first (a dry run of POST /api/models/prices/import): what would be added, changed (field by
// field, before → after) and left; only then applied.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { importPrices, type PriceEntry, type PriceImportDiff } from '../../../api/admin.js';
import { Alert } from '../../../components/Alert.js';
import { Dialog } from '../../../components/Dialog.js';
import { TextAreaField } from '../../../components/FormFields.js';
import { messageOf } from '../../../hooks/use-list.js';

type Price = PriceImportDiff['added'][number]['after'];
const FIELDS = ['model_ratio', 'price_per_call', 'completion_ratio', 'cache_ratio', 'cache_write_ratio', 'unit_prices', 'size_ratios'] as const;

/** The entries of a pasted catalogue: a list, or an answer of the models API holding one. */
export function catalogueEntries(text: string): PriceEntry[] | { error: 'empty' | 'notList' } | { notJson: string } {
  if (text.trim() === '') return { error: 'empty' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (caught) {
    return { notJson: caught instanceof Error ? caught.message : String(caught) };
  }
  const inside = (value: unknown, key: string) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined);
  const list = [parsed, inside(parsed, 'items'), inside(parsed, 'models'), inside(inside(parsed, 'data'), 'items')].find(Array.isArray);
  return list ? (list as PriceEntry[]) : { error: 'notList' };
}

function shown(value: Price[keyof Price], none: string): string {
  if (value === null) return none;
  if (typeof value === 'object') return Object.keys(value).length === 0 ? none : JSON.stringify(value);
  return String(value);
}

/** One part of the diff (to add, to change): a model per row and what it gets; nothing when empty. */
function DiffTable({ caption, heading, rows }: { caption: string; heading: string; rows: Array<{ name: string; lines: ReactNode[] }> }) {
  const { t } = useTranslation('prices');
  if (rows.length === 0) return null;
  return (
    <table className="table" aria-label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('model')}</th>
          <th scope="col">{heading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td className="mono">{row.name}</td>
            <td>{row.lines}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PriceImportDialog({ onClose, onApplied }: { onClose: () => void; onApplied: (message: string) => void }) {
  const { t } = useTranslation('prices');
  const fileId = useId();
  const [text, setText] = useState('');
  const [diff, setDiff] = useState<PriceImportDiff | null>(null);
  const [entries, setEntries] = useState<PriceEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const none = t('none');
  const changes = diff === null ? 0 : diff.added.length + diff.changed.length;

  async function preview() {
    setError(null);
    const read = catalogueEntries(text);
    if ('error' in read) return setError(t(read.error));
    if ('notJson' in read) return setError(t('notJson', { reason: read.notJson }));
    setBusy(true);
    try {
      setDiff(await importPrices(read, false));
      setEntries(read);
    } catch (caught) {
      setError(messageOf(caught, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    setError(null);
    setBusy(true);
    try {
      const done = await importPrices(entries, true);
      onApplied(t('done', { added: done.added.length, changed: done.changed.length, unchanged: done.unchanged.length }));
    } catch (caught) {
      setError(messageOf(caught, t('applyFailed')));
      setBusy(false);
    }
  }

  async function load(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) setText(await file.text());
  }

  const footer =
    diff === null ? (
      <>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void preview()} disabled={busy}>
          {busy ? t('previewing') : t('preview')}
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button button--secondary" onClick={() => setDiff(null)} disabled={busy}>
          {t('back')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void apply()} disabled={busy || changes === 0}>
          {busy ? t('applying') : t('apply', { count: changes })}
        </button>
      </>
    );

  return (
    <Dialog open wide title={t('title')} onClose={onClose} footer={footer}>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {diff === null ? (
        <div className="form form--dialog">
          <p className="muted">{t('lead')}</p>
          <TextAreaField label={t('json')} name="catalogue" rows={10} mono spellCheck={false} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <div className="field">
            <label htmlFor={fileId}>{t('file')}</label>
            <input id={fileId} type="file" accept="application/json,.json" onChange={(e) => void load(e)} />
          </div>
        </div>
      ) : (
        <div className="stack price-import">
          <p>{t('summary', { added: diff.added.length, changed: diff.changed.length, unchanged: diff.unchanged.length })}</p>
          {changes === 0 && <Alert tone="info">{t('nothing')}</Alert>}
          <DiffTable
            caption={t('added')}
            heading={t('price')}
            rows={diff.added.map((entry) => ({
              name: entry.name,
              lines: FIELDS.filter((field) => shown(entry.after[field], none) !== none).map((field) => (
                <div key={field} className="small">
                  {t(`field.${field}`)}: {shown(entry.after[field], none)}
                </div>
              )),
            }))}
          />
          <DiffTable
            caption={t('changed')}
            heading={t('change')}
            rows={diff.changed.map((entry) => ({
              name: entry.name,
              lines: FIELDS.filter((field) => shown(entry.before[field], none) !== shown(entry.after[field], none)).map((field) => (
                <div key={field} className="small">
                  {t(`field.${field}`)}: <del>{shown(entry.before[field], none)}</del> → <ins>{shown(entry.after[field], none)}</ins>
                </div>
              )),
            }))}
          />
          {diff.unchanged.length > 0 && (
            <details>
              <summary>
                {t('unchanged')} ({diff.unchanged.length})
              </summary>
              <p className="mono small">{diff.unchanged.join(', ')}</p>
            </details>
          )}
        </div>
      )}
    </Dialog>
  );
}
