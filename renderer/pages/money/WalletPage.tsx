import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.js';
import { getInvitation, getTopUpInfo, listOwnTopUps, redeemCode, type Invitation, type TopUpInfo } from '../../api/money.js';
import { getSelf } from '../../api/user.js';
import { Alert } from '../../components/Alert.js';
import { DataTable } from '../../components/DataTable.js';
import { Field } from '../../components/Field.js';
import { PageHeader } from '../../components/PageHeader.js';
import { messageOf, useList, useReloadWhile } from '../../hooks/use-list.js';
import { formatNumber, formatUsd } from '../../lib/money.js';
import type { PageProps } from '../registry.js';
import { CardTopUpCard } from './CardTopUpCard.js';
import { InvitationCard } from './InvitationCard.js';
import { isOpen, topUpColumns } from './top-up-columns.js';

const PAGE_SIZE = 10;
/** How often the wallet looks again while a payment is pending. */
const FOLLOW_MS = 3000;

/** What Stripe's return address (`/wallet?payment=done|cancelled`) means, said once. */
function returnNotice(): { tone: 'info' | 'warn'; text: string } | null {
  const payment = new URLSearchParams(window.location.search).get('payment');
  if (payment === 'done') return { tone: 'info', text: i18n.t('money:wallet.paid') };
  if (payment === 'cancelled') return { tone: 'warn', text: i18n.t('money:wallet.cancelled') };
  return null;
}

/** The signed-in user's money: balance, redeem a code, pay by card, invitation rewards, top-up history. */
export default function WalletPage({ user }: PageProps) {
  const [balance, setBalance] = useState(user.quota);
  const [notice, setNotice] = useState<string | null>(null);
  const [back] = useState(returnNotice);
  const [info, setInfo] = useState<TopUpInfo | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { t } = useTranslation('money');
  const history = useList(listOwnTopUps, PAGE_SIZE, 'top-ups');

  const refresh = useCallback(async () => {
    try {
      const [self, aff] = await Promise.all([getSelf(), getInvitation()]);
      if (self !== null) setBalance(self.quota);
      setInvitation(aff);
    } catch (caught) {
      setLoadError(messageOf(caught, t('wallet.loadFailed')));
    }
  }, [t]);

  useEffect(() => {
    // The return address is read once: a reload does not repeat the notice.
    if (back !== null) window.history.replaceState(null, '', window.location.pathname);
    void refresh();
    getTopUpInfo()
      .then(setInfo)
      .catch((caught: unknown) => setLoadError(messageOf(caught, t('wallet.infoFailed'))));
  }, [back, refresh, t]);

  const { reload } = history;
  const pending = history.data?.items.some(isOpen) ?? false;
  const follow = useCallback(
    async (quiet?: boolean) => {
      await Promise.all([reload(quiet), refresh()]);
    },
    [reload, refresh],
  );
  useReloadWhile(pending, follow, FOLLOW_MS);

  function changed(message: string) {
    setNotice(message);
    void follow();
  }

  return (
    <div className="page page--narrow">
      <PageHeader title={t('common:nav.wallet')} lead={t('wallet.lead')} />

      {back !== null && <Alert tone={back.tone}>{back.text}</Alert>}
      {loadError !== null && <Alert tone="error">{loadError}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <section className="card" aria-labelledby="balance-title">
        <h2 id="balance-title">{t('profile:account.balance')}</h2>
        <p className="stat" data-testid="wallet-balance">
          {formatUsd(balance)}
        </p>
        <p className="muted">{t('profile:account.units', { units: formatNumber(500_000) })}</p>
      </section>

      <RedeemCard onRedeemed={changed} />

      <CardTopUpCard info={info} onStarted={() => void follow()} />

      <InvitationCard invitation={invitation} onMoved={changed} />

      <section className="stack" aria-labelledby="history-title">
        <h2 id="history-title" className="section-title">
          {t('wallet.history')}
        </h2>
        <DataTable
          caption={t('wallet.yourTopUps')}
          columns={topUpColumns()}
          rows={history.data?.items ?? null}
          rowKey={(t) => t.id}
          loading={history.loading}
          error={history.error}
          onRetry={() => void reload()}
          empty={t('wallet.noTopUps')}
          page={history.page}
          pageSize={PAGE_SIZE}
          total={history.data?.total ?? 0}
          onPage={history.setPage}
        />
      </section>
    </div>
  );
}

function RedeemCard({ onRedeemed }: { onRedeemed: (message: string) => void }) {
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('money');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (code.trim() === '') return;
    setBusy(true);
    try {
      const added = await redeemCode(code);
      setCode('');
      setAttempted(false);
      onRedeemed(t('redeem.added', { amount: formatUsd(added) }));
    } catch (caught) {
      setError(messageOf(caught, t('redeem.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="redeem-title">
      <h2 id="redeem-title">{t('redeem.title')}</h2>
      {error !== null && <Alert tone="error">{error}</Alert>}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t('redeem.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={attempted && code.trim() === '' ? t('redeem.paste') : null}
          autoComplete="off"
          spellCheck={false}
          className="mono"
        />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('redeem.redeeming') : t('redeem.redeem')}
          </button>
        </div>
      </form>
    </section>
  );
}
