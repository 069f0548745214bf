// Usage split by call family (chat, embeddings, rerank…): requests, tokens, the units other
// than tokens each family was billed by, and spend, over the dashboard's range.
import { useId } from 'react';
import { i18n } from '../../i18n/index.js';
import type { UsageData } from '../../api/stats.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { familyName } from '../../lib/channel-types.js';
import { formatCompact, formatNumber, formatUsd } from '../../lib/money.js';
import { unitCount, unitsIn } from '../../lib/units.js';
import { totalsByFamily, type FamilyTotal } from './chart-data.js';


/** "2 search units, 3 images"; the requests only where they are not the calls counted beside them (every call is one). */
function unitsText(row: FamilyTotal): string {
  const units = unitsIn(row.units).filter(([unit, count]) => unit !== 'requests' || count !== row.requests);
  return units.length === 0 ? '–' : units.map(([unit, count]) => unitCount(unit, count)).join(', ');
}

const COLUMNS: Column<FamilyTotal>[] = [
  { key: 'family', get header() { return i18n.t('operators:families.family'); }, render: (row) => <strong>{familyName(row.family)}</strong> },
  { key: 'requests', get header() { return i18n.t('operators:charts.words.requests'); }, numeric: true, render: (row) => formatNumber(row.requests) },
  { key: 'tokens', get header() { return i18n.t('operators:charts.words.tokens'); }, numeric: true, render: (row) => formatCompact(row.tokens) },
  { key: 'units', get header() { return i18n.t('operators:families.units'); }, render: unitsText },
  { key: 'spend', get header() { return i18n.t('operators:charts.words.spend'); }, numeric: true, render: (row) => formatUsd(row.quota) },
];

export function FamilyTable({ points }: { points: UsageData['by_family'] }) {
  const titleId = useId();
  const rows = totalsByFamily(points);
  if (rows.length === 0) return null;
  return (
    <section className="family-usage" aria-labelledby={titleId}>
      <h2 id={titleId}>{i18n.t('operators:families.title')}</h2>
      <DataTable caption={i18n.t('operators:families.title')} columns={COLUMNS} rows={rows} rowKey={(row) => row.family} loading={false} error={null} empty={null} />
    </section>
  );
}
