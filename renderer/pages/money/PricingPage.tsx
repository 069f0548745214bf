import { useEffect, useMemo, useState } from 'react';
import { formatPrice } from '../../api/admin.js';
import { getPricing, type ModelPricing, type Pricing } from '../../api/pricing.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { Field } from '../../components/Field.js';
import { SelectField } from '../../components/FormFields.js';
import { PageHeader } from '../../components/PageHeader.js';
import { messageOf } from '../../hooks/use-list.js';
import type { PageProps } from '../registry.js';
import '../../components/keys.css';

/** How each unit kind other than tokens is priced, as a phrase after the price. */
const PER_UNIT: Record<string, string> = {
  request: 'per call',
  search_unit: 'per search',
  image: 'per image',
  second: 'per second',
  character: 'per 1M characters',
};

function tokenPrice(model: ModelPricing, unit: string) {
  const price = model.prices.find((p) => p.unit === unit);
  // A model priced by the image or second lists its tokens at 0: not a price anyone pays by.
  const byOtherUnits = model.prices.some((p) => PER_UNIT[p.unit] !== undefined && p.usd > 0);
  return price === undefined || (price.usd === 0 && byOtherUnits) ? <span className="muted">—</span> : formatPrice(price.usd);
}

/** Every price that is not per token: "$0.04 per image", with the sizes that cost more or less. */
function otherPrices(model: ModelPricing, unpriced: Pricing['unpriced_models']) {
  if (model.source === 'none') return <span className="muted">{unpriced === 'free' ? 'Not priced: calls are free' : 'Not priced: calls are refused'}</span>;
  const others = model.prices.filter((p) => PER_UNIT[p.unit] !== undefined);
  const sizes = Object.entries(model.size_ratios);
  if (others.length === 0) return <span className="muted">—</span>;
  return (
    <div className="stack">
      {others.map((p) => (
        <span key={p.unit}>
          {formatPrice(p.usd)} {PER_UNIT[p.unit]}
        </span>
      ))}
      {sizes.length > 0 && <span className="muted small">{sizes.map(([size, ratio]) => `×${ratio} at ${size}`).join(', ')}</span>}
    </div>
  );
}

/** The models the signed-in user may call, and what each costs for their group (or another group they may use). */
export default function PricingPage({ user }: PageProps) {
  const [group, setGroup] = useState(user.group || 'default');
  const [pricing, setPricing] = useState<Pricing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [filter, setFilter] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    getPricing(group)
      .then((answer) => live && setPricing(answer))
      .catch((caught: unknown) => live && setError(messageOf(caught, 'Could not load the prices.')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [group, attempt]);

  const rows = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return pricing === null ? null : pricing.data.filter((m) => text === '' || m.model.toLowerCase().includes(text));
  }, [pricing, filter]);

  const columns: Column<ModelPricing>[] = [
    { key: 'model', header: 'Model', render: (m) => <code>{m.model}</code> },
    { key: 'input', header: 'Input', numeric: true, render: (m) => tokenPrice(m, 'input_token') },
    { key: 'output', header: 'Output', numeric: true, render: (m) => tokenPrice(m, 'output_token') },
    { key: 'cached', header: 'Cached input', numeric: true, render: (m) => tokenPrice(m, 'cached_input_token') },
    { key: 'cache-write', header: 'Cache write', numeric: true, render: (m) => tokenPrice(m, 'cache_write_input_token') },
    { key: 'other', header: 'Other units', render: (m) => otherPrices(m, pricing?.unpriced_models ?? 'free') },
  ];

  return (
    <div className="page">
      <PageHeader title="Pricing" lead="The models you can call and what they cost. Token prices are per million tokens, in US dollars, with your group's ratio applied." />

      <div className="keys-search">
        {pricing !== null && pricing.groups.length > 1 && (
          <SelectField
            label="Prices for the group"
            value={group}
            onChange={(e) => setGroup(e.currentTarget.value)}
            options={pricing.groups.map((g) => ({ value: g.name, label: `${g.name} (×${g.ratio})${g.description ? ` — ${g.description}` : ''}` }))}
            hint="Your keys may use any of these groups."
          />
        )}
        <Field label="Find a model" type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} autoComplete="off" spellCheck={false} />
      </div>
      {pricing !== null && (
        <p className="muted" data-testid="pricing-group">
          Group {pricing.group}: every price is ×{pricing.group_ratio} of the list price.
        </p>
      )}

      <DataTable
        caption="Model prices"
        columns={columns}
        rows={rows}
        rowKey={(m) => m.model}
        loading={loading}
        error={error}
        onRetry={() => setAttempt((n) => n + 1)}
        empty={pricing?.data.length === 0 ? <>No model is served to this group yet.</> : <>No model matches “{filter}”.</>}
        dense
      />
    </div>
  );
}
