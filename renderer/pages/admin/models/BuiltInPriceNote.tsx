// What "Built-in price, if any" means for the model being edited: the price it takes from
// the relay's built-in table or from another record whose name starts its name, or a warning
// that it has none and what calls of it will then do.
import { useTranslation } from 'react-i18next';
import type { UnpricedPolicy } from '../../../api/admin.js';
import { Alert } from '../../../components/Alert.js';
import { sourceOf, type Price } from './price.js';
import { priceLines } from './PriceText.js';


/** `policy` null: not known (it could not be read). */
export function BuiltInPriceNote({ name, price, policy }: { name: string; price: Price | undefined; policy: UnpricedPolicy | null }) {
  const model = name.trim();
  const { t } = useTranslation('models');
  if (price !== undefined) {
    const from = sourceOf(price);
    const whose = from === undefined || from.builtIn ? t('note.builtIn', { model }) : t('note.record', { record: from.name, model });
    return (
      <p className="muted small" data-testid="built-in-price">
        {t('note.pay', { whose, prices: priceLines(price, 1, true).join(', ') })}
      </p>
    );
  }
  const then = policy === null ? t('note.unknownPolicy') : t(`note.when.${policy}`);
  return (
    <Alert tone="warn">
      {t('note.none', { why: model === '' ? t('note.noName') : t('note.noPrice', { model }), then })}
    </Alert>
  );
}
