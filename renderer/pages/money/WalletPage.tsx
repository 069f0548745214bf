import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { getInvitation, getTopUpInfo, listOwnTopUps, redeemCode, type Invitation, type TopUpInfo } from '../../api/money.js';
import { getSelf } from '../../api/user.js';
import { Alert } from '../../components/Alert.js';
import { DataTable } from '../../components/DataTable.js';
import { Field } from '../../components/Field.js';
import { PageHeader } from '../../components/PageHeader.js';
import { messageOf, useList, useReloadWhile } from '../../hooks/use-list.js';
import { formatUsd } from '../../lib/money.js';
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
  if (payment === 'done') return { tone: 'info', text: 'Payment made. Your balance rises as soon as Stripe confirms it, usually within a minute.' };
  if (payment === 'cancelled') return { tone: 'warn', text: 'Payment cancelled: nothing was charged.' };
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
  const history = useList(listOwnTopUps, PAGE_SIZE, 'top-ups');

  const refresh = useCallback(async () => {
    try {
      const [self, aff] = await Promise.all([getSelf(), getInvitation()]);
      if (self !== null) setBalance(self.quota);
      setInvitation(aff);
    } catch (caught) {
      setLoadError(messageOf(caught, 'Could not load your wallet.'));
    }
  }, []);

  useEffect(() => {
    // The return address is read once: a reload does not repeat the notice.
    if (back !== null) window.history.replaceState(null, '', window.location.pathname);
    void refresh();
    getTopUpInfo()
      .then(setInfo)
      .catch((caught: unknown) => setLoadError(messageOf(caught, 'Could not load how to top up.')));
  }, [back, refresh]);

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
      <PageHeader title="Wallet" lead="Your balance pays for your calls. Top it up with a code or a card, and invite people." />

      {back !== null && <Alert tone={back.tone}>{back.text}</Alert>}
      {loadError !== null && <Alert tone="error">{loadError}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <section className="card" aria-labelledby="balance-title">
        <h2 id="balance-title">Balance</h2>
        <p className="stat" data-testid="wallet-balance">
          {formatUsd(balance)}
        </p>
        <p className="muted">Quota is counted in units: 500,000 units are 1 USD.</p>
      </section>

      <RedeemCard onRedeemed={changed} />

      <CardTopUpCard info={info} onStarted={() => void follow()} />

      <InvitationCard invitation={invitation} onMoved={changed} />

      <section className="stack" aria-labelledby="history-title">
        <h2 id="history-title" className="section-title">
          Top-up history
        </h2>
        <DataTable
          caption="Your top-ups"
          columns={topUpColumns()}
          rows={history.data?.items ?? null}
          rowKey={(t) => t.id}
          loading={history.loading}
          error={history.error}
          onRetry={() => void reload()}
          empty={<>No top-ups yet.</>}
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
      onRedeemed(`Added ${formatUsd(added)} to your balance.`);
    } catch (caught) {
      setError(messageOf(caught, 'Could not redeem the code.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="redeem-title">
      <h2 id="redeem-title">Redeem a code</h2>
      {error !== null && <Alert tone="error">{error}</Alert>}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Redemption code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={attempted && code.trim() === '' ? 'Paste the code you were given.' : null}
          autoComplete="off"
          spellCheck={false}
          className="mono"
        />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Redeeming…' : 'Redeem'}
          </button>
        </div>
      </form>
    </section>
  );
}
