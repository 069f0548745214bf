// A model's price as text, where it comes from, and its price in each group it is served to.
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.js';
import { formatPrice, type GroupView, type ModelMeta } from '../../../api/admin.js';
import { clean } from '../../../lib/money.js';
import { unitPriceText, unitsIn } from '../../../lib/units.js';
import { sourceOf, type Price } from './price.js';

/** A price's parts, one a line: "$2.5 / 1M input", "$2 / 1K search units", "$0.04 per call"; `cached`: the cached input's too, when it differs. */
export function priceLines(price: Price, factor = 1, cached = false): string[] {
  if (price.kind === 'call') return [i18n.t('models:price.perCall', { price: formatPrice(clean(price.perCall * factor)) })];
  if (price.kind !== 'usage') return [];
  const lines: string[] = [];
  if (price.tokens !== null) {
    const { input, output, cacheRead } = price.tokens;
    lines.push(i18n.t('models:price.input', { price: formatPrice(clean(input * factor)) }), i18n.t('models:price.output', { price: formatPrice(clean(output * factor)) }));
    if (cached && cacheRead !== input) lines.push(i18n.t('models:price.cached', { price: formatPrice(clean(cacheRead * factor)) }));
  }
  for (const [unit, usd] of unitsIn(price.units)) lines.push(unitPriceText(unit, usd, factor));
  return lines;
}

export function PriceText({ price, factor = 1 }: { price: Price; factor?: number }) {
  const { t } = useTranslation('models');
  if (price.kind === 'default') return <span className="muted">{t('price.builtIn')}</span>;
  if (price.kind === 'record') return <span className="muted">{t('price.record')}</span>;
  if (price.kind === 'none') return <span className="status status--warn">{t('price.none')}</span>;
  return (
    <span className="stack">
      {priceLines(price, factor).map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

/** "Built-in price", "Price of gpt-4o": for a price a record takes from elsewhere. */
export function PriceSource({ price }: { price: Price }) {
  const from = sourceOf(price);
  const { t } = useTranslation('models');
  if (from === undefined) return null;
  return <span className="muted small">{from.builtIn ? t('price.builtIn') : t('price.of', { name: from.name })}</span>;
}

/** The model's price for each group it is served to: price × group ratio. */
export function GroupPrices({ model, price, groups }: { model: ModelMeta; price: Price; groups: GroupView[] }) {
  const served = model.enable_groups.includes('*') || model.enable_groups.length === 0 ? groups : groups.filter((g) => model.enable_groups.includes(g.name));
  const { t } = useTranslation('models');
  if (served.length === 0) return null;
  return (
    <details>
      <summary className="small">{t('price.perGroup')}</summary>
      <table className="table" aria-label={t('price.perGroupOf', { name: model.name })}>
        <thead>
          <tr>
            <th scope="col">{t('price.group')}</th>
            <th scope="col" className="num">
              {t('price.ratio')}
            </th>
            <th scope="col">{t('price.price')}</th>
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
