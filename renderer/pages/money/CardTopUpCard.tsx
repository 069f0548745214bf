import { useState, type FormEvent } from 'react';
import { payByCard, type TopUpInfo } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { messageOf } from '../../hooks/use-list.js';

function moneyText(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/**
 * Pay by card: USD of quota to buy, what it costs, and on to the provider's page (in the
 * desktop app it opens in the browser and the console stays). The quota arrives with the
 * provider's confirmation; `onStarted` lets the wallet show the pending top-up meanwhile.
 */
export function CardTopUpCard({ info, onStarted }: { info: TopUpInfo | null; onStarted: () => void }) {
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);

  const usd = Number(amount);
  const valid = amount.trim() !== '' && Number.isFinite(usd) && info !== null && usd >= info.min_usd;
  const fieldError = attempted && !valid && info !== null ? `At least ${info.min_usd} USD.` : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (!valid) return;
    setBusy(true);
    try {
      const payment = await payByCard(usd);
      setOpened(`The payment page opened: pay ${moneyText(payment.money, payment.currency)} there. Your balance rises once the payment is confirmed; the top-up shows as pending below until then.`);
      onStarted();
      window.location.assign(payment.url);
    } catch (caught) {
      setError(messageOf(caught, 'Could not start the payment.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="card-title">
      <h2 id="card-title">Pay by card</h2>
      {info === null ? (
        <p className="muted">Loading…</p>
      ) : info.providers.length === 0 ? (
        <p className="muted" data-testid="card-off">
          Card top-up is not set up on this relay: an administrator sets the Stripe keys in Settings (billing). You can still redeem a code.
        </p>
      ) : (
        <>
          <p className="muted">
            1 USD of quota costs {moneyText(info.unit_price, info.currency)}; the least one payment buys is {info.min_usd} USD. You pay on Stripe's page.
          </p>
          {error !== null && <Alert tone="error">{error}</Alert>}
          {opened !== null && <Alert tone="info">{opened}</Alert>}
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <Field
              label="Amount (USD of quota)"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={fieldError}
              hint={valid ? `You pay ${moneyText(Math.round(usd * info.unit_price * 100) / 100, info.currency)}.` : undefined}
            />
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Starting…' : 'Pay by card'}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
