// What "Built-in price, if any" means for the model being edited: the price it takes from
// the relay's built-in table or from another record whose name starts its name, or a warning
// that it has none and what calls of it will then do.
import type { UnpricedPolicy } from '../../../api/admin.js';
import { Alert } from '../../../components/Alert.js';
import { sourceOf, type Price } from './price.js';
import { priceLines } from './PriceText.js';

const WHEN_UNPRICED: Record<UnpricedPolicy, string> = {
  free: 'calls of it are free (the unpriced_model_policy setting is “free”)',
  reject: 'calls of it are refused (the unpriced_model_policy setting is “reject”)',
};

/** `policy` null: not known (it could not be read). */
export function BuiltInPriceNote({ name, price, policy }: { name: string; price: Price | undefined; policy: UnpricedPolicy | null }) {
  const model = name.trim();
  if (price !== undefined) {
    const from = sourceOf(price);
    const whose = from === undefined || from.builtIn ? `the relay’s built-in price for ${model}` : `the price of the model record ${from.name} (${model} starts with its name)`;
    return (
      <p className="muted small" data-testid="built-in-price">
        Calls pay {whose}: {priceLines(price, 1, true).join(', ')}.
      </p>
    );
  }
  const then = policy === null ? 'calls of it are free or refused, as the unpriced_model_policy setting says' : WHEN_UNPRICED[policy];
  return (
    <Alert tone="warn">
      {model === '' ? 'Without a model name there is no built-in price' : `The relay has no built-in price for ${model}, nor does another record price it by prefix`}: saved like this, the model has no price, and {then}. Choose a price per token and unit, or per call, to charge for it.
    </Alert>
  );
}
