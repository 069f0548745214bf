// The frame every dashboard chart shares: a figure named by its title, the plot (loaded
// lazily, it is recharts), an empty state, and a visually hidden table with the numbers
// so screen readers — and tests — can read what the plot draws.
import { Suspense, type ReactNode } from 'react';

export interface TableRow {
  key: string | number;
  /** The time or the model. */
  label: string;
  /** Formatted for reading, e.g. "1,234" or "$0.02". */
  value: string;
}

interface Props {
  title: string;
  /** Header cells of the hidden table: [label column, value column]. */
  columns: [string, string];
  rows: TableRow[];
  /** The plot's alternative text, e.g. "Requests by model: gpt-4o 12, o3 4". */
  summary: string;
  /** Shown instead of the plot when there is nothing to draw. */
  empty: string | null;
  height: number;
  children: ReactNode;
}

export function ChartFigure({ title, columns, rows, summary, empty, height, children }: Props) {
  return (
    <figure className="chart" aria-label={title}>
      <figcaption className="chart__title">{title}</figcaption>
      {empty !== null ? (
        <p className="chart__empty">{empty}</p>
      ) : (
        <div className="chart__plot" role="img" aria-label={summary} style={{ minHeight: height }}>
          <Suspense fallback={<div className="chart__loading" style={{ height }} />}>{children}</Suspense>
        </div>
      )}
      {rows.length > 0 && (
        // The wrapper does the hiding: a table's height is only a minimum, so a hidden table
        // alone still stretches the page by its rows.
        <div className="visually-hidden">
          <table className="visually-hidden">
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col">{columns[1]}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
