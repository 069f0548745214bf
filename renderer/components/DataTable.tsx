import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/money.js';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | null;
  rowKey: (row: T) => string | number;
  loading: boolean;
  error: string | null;
  empty: ReactNode;
  onRetry?: () => void;
  page?: number;
  pageSize?: number;
  total?: number;
  onPage?: (page: number) => void;
  /** A first column of checkboxes: one per row and one for every row of the page. */
  selection?: Selection<T>;
  /** Tighter cells, for a table with many columns. */
  dense?: boolean;
}

export interface Selection<T> {
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** Names a row for its checkbox: "Select <name>". */
  rowLabel: (row: T) => string;
  /** The select-all checkbox's label: "Select every channel on this page". */
  allLabel: string;
}

/** Whether the element is wider inside than it shows (it scrolls sideways); followed as it or its content resizes. */
function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table widens with its rows while the box around it keeps its size.
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** A table with loading, empty and error states and (when `onPage` is given) paging by `p`/`page_size`. */
export function DataTable<T>({ caption, columns, rows, rowKey, loading, error, empty, onRetry, page = 1, pageSize = 20, total = 0, onPage, selection, dense = false }: Props<T>) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const span = columns.length + (selection !== undefined ? 1 : 0);
  const keys = (rows ?? []).map(rowKey);
  const chosen = selection === undefined ? 0 : keys.filter((k) => selection.selected.has(k)).length;
  const all = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(scroller);
  useEffect(() => {
    if (all.current !== null) all.current.indeterminate = chosen > 0 && chosen < keys.length;
  });

  function toggle(key: string | number, on: boolean) {
    if (selection === undefined) return;
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  }
  return (
    <div className="table-card">
      {/* Focusable only while wider than its box, so that a keyboard can scroll it, and no empty Tab stop otherwise. */}
      <div ref={scroller} className="table-scroll" {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
        <table className={`table${dense ? ' table--dense' : ''}`} aria-busy={loading}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selection !== undefined && (
                <th scope="col" className="table__select">
                  <input
                    ref={all}
                    type="checkbox"
                    aria-label={selection.allLabel}
                    checked={keys.length > 0 && chosen === keys.length}
                    disabled={keys.length === 0}
                    onChange={(e) => selection.onChange(e.currentTarget.checked ? new Set([...selection.selected, ...keys]) : new Set([...selection.selected].filter((k) => !keys.includes(k))))}
                  />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.numeric ? 'num' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {error !== null ? (
              <tr>
                <td colSpan={span} className="table__state">
                  <div className="alert alert--error" role="alert">
                    {error}
                  </div>
                  {onRetry && (
                    <button type="button" className="button button--secondary button--small" onClick={onRetry}>
                      {t('actions.retry')}
                    </button>
                  )}
                </td>
              </tr>
            ) : rows === null ? (
              <tr>
                <td colSpan={span} className="table__state muted">
                  {t('app.loadingPage')}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="table__state muted">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className={selection?.selected.has(rowKey(row)) ? 'table__row--selected' : undefined}>
                  {selection !== undefined && (
                    <td className="table__select">
                      <input
                        type="checkbox"
                        aria-label={t('table.select', { row: selection.rowLabel(row) })}
                        checked={selection.selected.has(rowKey(row))}
                        onChange={(e) => toggle(rowKey(row), e.currentTarget.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.key} className={column.numeric ? 'num' : undefined} data-label={column.header}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {onPage !== undefined && total > 0 && (
        <nav className="pager" aria-label={t('table.pages', { caption })}>
          <span className="muted">
            {t('table.position', { count: total, total: formatNumber(total), page, pages })}
          </span>
          <div className="actions">
            <button type="button" className="button button--secondary button--small" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
              {t('table.previous')}
            </button>
            <button type="button" className="button button--secondary button--small" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
              {t('actions.next')}
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
