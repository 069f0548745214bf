// Usage split by call family (chat, embeddings, rerank…): requests, tokens, the units other
// than tokens each family was billed by, and spend, over the dashboard's range.
import { useId } from 'react';
import type { UsageData } from '../../api/stats.js';
import { familyName } from '../../lib/channel-types.js';
import { formatCompact, formatNumber, formatUsd } from '../../lib/money.js';
import { unitCount, unitsIn } from '../../lib/units.js';
import { totalsByFamily, type FamilyTotal } from './chart-data.js';

export const FAMILY_TABLE_TITLE = 'Usage by family';

/** "2 search units, 3 images"; the requests only where they are not the calls counted beside them (every call is one). */
function unitsText(row: FamilyTotal): string {
  const units = unitsIn(row.units).filter(([unit, count]) => unit !== 'requests' || count !== row.requests);
  return units.length === 0 ? '–' : units.map(([unit, count]) => unitCount(unit, count)).join(', ');
}

export function FamilyTable({ points }: { points: UsageData['by_family'] }) {
  const titleId = useId();
  const rows = totalsByFamily(points);
  if (rows.length === 0) return null;
  return (
    <section className="chart family-usage" aria-labelledby={titleId}>
      <h2 id={titleId} className="chart__title">
        {FAMILY_TABLE_TITLE}
      </h2>
      <div className="table-scroll">
        <table className="table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Family</th>
              <th scope="col" className="num">
                Requests
              </th>
              <th scope="col" className="num">
                Tokens
              </th>
              <th scope="col">Units</th>
              <th scope="col" className="num">
                Spend
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.family}>
                <th scope="row">{familyName(row.family)}</th>
                <td className="num">{formatNumber(row.requests)}</td>
                <td className="num">{formatCompact(row.tokens)}</td>
                <td>{unitsText(row)}</td>
                <td className="num">{formatUsd(row.quota)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
