import type { ReactNode } from 'react';

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
}

/** A table with loading, empty and error states and (when `onPage` is given) paging by `p`/`page_size`. */
export function DataTable<T>({ caption, columns, rows, rowKey, loading, error, empty, onRetry, page = 1, pageSize = 20, total = 0, onPage }: Props<T>) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="table-card">
      <div className="table-scroll">
        <table className="table" aria-busy={loading}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
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
                <td colSpan={columns.length} className="table__state">
                  <div className="alert alert--error" role="alert">
                    {error}
                  </div>
                  {onRetry && (
                    <button type="button" className="button button--secondary button--small" onClick={onRetry}>
                      Try again
                    </button>
                  )}
                </td>
              </tr>
            ) : rows === null ? (
              <tr>
                <td colSpan={columns.length} className="table__state muted">
                  Loading…
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="table__state muted">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
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
        <nav className="pager" aria-label={`${caption} pages`}>
          <span className="muted">
            {total} {total === 1 ? 'item' : 'items'} · page {page} of {pages}
          </span>
          <div className="actions">
            <button type="button" className="button button--secondary button--small" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
              Previous
            </button>
            <button type="button" className="button button--secondary button--small" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
              Next
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
