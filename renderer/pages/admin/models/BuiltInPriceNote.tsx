// What "Built-in price, if any" means for the model being edited: the price it takes from
// the relay's built-in table or from another record whose name starts its name, or a warning
// that it has none and what calls of it will then do.
import { formatPrice, type UnpricedPolicy } from '../../../api/admin.js';
import { Alert } from '../../../components/Alert.js';
import { clean, type Price } from './price.js';

function priceText(price: Price): string {
  if (price.kind === 'call') return `${formatPrice(price.input)} per call`;
  const parts = [`${formatPrice(clean(price.input))} / 1M input`, `${formatPrice(clean(price.output))} / 1M output`];
  if (price.cacheRead !== price.input) parts.push(`${formatPrice(clean(price.cacheRead))} / 1M cached input`);
  return parts.join(', ');
}

const WHEN_UNPRICED: Record<UnpricedPolicy, string> = {
  free: 'calls of it are free (the unpriced_model_policy setting is “free”)',
  reject: 'calls of it are refused (the unpriced_model_policy setting is “reject”)',
};

/** `policy` null: not known (it could not be read). */
export function BuiltInPriceNote({ name, price, policy }: { name: string; price: Price | undefined; policy: UnpricedPolicy | null }) {
  const model = name.trim();
  if (price !== undefined) {
    const whose = price.from === undefined || price.from.builtIn ? `the relay’s built-in price for ${model}` : `the price of the model record ${price.from.name} (${model} starts with its name)`;
    return (
      <p className="muted small" data-testid="built-in-price">
        Calls pay {whose}: {priceText(price)}.
      </p>
    );
  }
  const then = policy === null ? 'calls of it are free or refused, as the unpriced_model_policy setting says' : WHEN_UNPRICED[policy];
  return (
    <Alert tone="warn">
      {model === '' ? 'Without a model name there is no built-in price' : `The relay has no built-in price for ${model}, nor does another record price it by prefix`}: saved like this, the model has no price, and {then}. Choose a price per token or per call to charge for it.
    </Alert>
  );
}
