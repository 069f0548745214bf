import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.js';
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
  request: 'money:pricing.per.request',
  search_unit: 'money:pricing.per.search_unit',
  image: 'money:pricing.per.image',
  second: 'money:pricing.per.second',
  character: 'money:pricing.per.character',
};

function tokenPrice(model: ModelPricing, unit: string) {
  const price = model.prices.find((p) => p.unit === unit);
  // A model priced by the image or second lists its tokens at 0: not a price anyone pays by.
  const byOtherUnits = model.prices.some((p) => PER_UNIT[p.unit] !== undefined && p.usd > 0);
  return price === undefined || (price.usd === 0 && byOtherUnits) ? <span className="muted">—</span> : formatPrice(price.usd);
}

/** Every price that is not per token: "$0.04 per image", with the sizes that cost more or less. */
function otherPrices(model: ModelPricing, unpriced: Pricing['unpriced_models']) {
  if (model.source === 'none') return <span className="muted">{unpriced === 'free' ? i18n.t('money:pricing.notPricedFree') : i18n.t('money:pricing.notPricedRefused')}</span>;
  const others = model.prices.filter((p) => PER_UNIT[p.unit] !== undefined);
  const sizes = Object.entries(model.size_ratios);
  if (others.length === 0) return <span className="muted">—</span>;
  return (
    <div className="stack">
      {others.map((p) => (
        <span key={p.unit}>
          {formatPrice(p.usd)} {i18n.t(PER_UNIT[p.unit]!)}
        </span>
      ))}
      {sizes.length > 0 && <span className="muted small">{sizes.map(([size, ratio]) => i18n.t('money:pricing.sizeRatio', { ratio, size })).join(', ')}</span>}
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
  const { t } = useTranslation('money');

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    getPricing(group)
      .then((answer) => live && setPricing(answer))
      .catch((caught: unknown) => live && setError(messageOf(caught, t('pricing.loadFailed'))))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [group, attempt, t]);

  const rows = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return pricing === null ? null : pricing.data.filter((m) => text === '' || m.model.toLowerCase().includes(text));
  }, [pricing, filter]);

  const columns: Column<ModelPricing>[] = [
    { key: 'model', header: t('pricing.columns.model'), render: (m) => <code>{m.model}</code> },
    { key: 'input', header: t('pricing.columns.input'), numeric: true, render: (m) => tokenPrice(m, 'input_token') },
    { key: 'output', header: t('pricing.columns.output'), numeric: true, render: (m) => tokenPrice(m, 'output_token') },
    { key: 'cached', header: t('pricing.columns.cached'), numeric: true, render: (m) => tokenPrice(m, 'cached_input_token') },
    { key: 'cache-write', header: t('pricing.columns.cacheWrite'), numeric: true, render: (m) => tokenPrice(m, 'cache_write_input_token') },
    { key: 'other', header: t('pricing.columns.other'), render: (m) => otherPrices(m, pricing?.unpriced_models ?? 'free') },
  ];

  return (
    <div className="page">
      <PageHeader title={t('common:nav.pricing')} lead={t('pricing.lead')} />

      <div className="keys-search">
        {pricing !== null && pricing.groups.length > 1 && (
          <SelectField
            label={t('pricing.group')}
            value={group}
            onChange={(e) => setGroup(e.currentTarget.value)}
            options={pricing.groups.map((g) => ({ value: g.name, label: `${g.name} (×${g.ratio})${g.description ? ` — ${g.description}` : ''}` }))}
            hint={t('pricing.groupHint')}
          />
        )}
        <Field label={t('pricing.find')} type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} autoComplete="off" spellCheck={false} />
      </div>
      {pricing !== null && (
        <p className="muted" data-testid="pricing-group">
          {t('pricing.ratio', { group: pricing.group, ratio: pricing.group_ratio })}
        </p>
      )}

      <DataTable
        caption={t('pricing.caption')}
        columns={columns}
        rows={rows}
        rowKey={(m) => m.model}
        loading={loading}
        error={error}
        onRetry={() => setAttempt((n) => n + 1)}
        empty={pricing?.data.length === 0 ? t('pricing.noneServed') : t('pricing.noMatch', { filter })}
        dense
      />
    </div>
  );
}
