import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../i18n/format.js';
import { payByCard, type TopUpInfo } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { messageOf } from '../../hooks/use-list.js';

function moneyText(amount: number, currency: string): string {
  try {
    return numberFormat({ style: 'currency', currency: currency.toUpperCase() }).format(amount);
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
  const { t } = useTranslation('money');

  const usd = Number(amount);
  const valid = amount.trim() !== '' && Number.isFinite(usd) && info !== null && usd >= info.min_usd;
  const fieldError = attempted && !valid && info !== null ? t('card.atLeast', { min: info.min_usd }) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (!valid) return;
    setBusy(true);
    try {
      const payment = await payByCard(usd);
      setOpened(t('card.opened', { amount: moneyText(payment.money, payment.currency) }));
      onStarted();
      window.location.assign(payment.url);
    } catch (caught) {
      setError(messageOf(caught, t('card.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="card-title">
      <h2 id="card-title">{t('card.title')}</h2>
      {info === null ? (
        <p className="muted">{t('common:app.loadingPage')}</p>
      ) : info.providers.length === 0 ? (
        <p className="muted" data-testid="card-off">
          {t('card.off')}
        </p>
      ) : (
        <>
          <p className="muted">
            {t('card.lead', { price: moneyText(info.unit_price, info.currency), min: info.min_usd })}
          </p>
          {error !== null && <Alert tone="error">{error}</Alert>}
          {opened !== null && <Alert tone="info">{opened}</Alert>}
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <Field
              label={t('card.amount')}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={fieldError}
              hint={valid ? t('card.youPay', { amount: moneyText(Math.round(usd * info.unit_price * 100) / 100, info.currency) }) : undefined}
            />
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? t('card.starting') : t('card.title')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
