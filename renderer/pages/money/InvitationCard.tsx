import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { transferInvitation, type Invitation } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Field } from '../../components/Field.js';
import { messageOf } from '../../hooks/use-list.js';
import { formatUsd, quotaToUsdInput, usdInputToQuota, formatNumber } from '../../lib/money.js';

/** The registration link that credits this user (the registration page reads `aff`). */
export function invitationLink(code: string): string {
  return `${window.location.origin}/register?aff=${encodeURIComponent(code)}`;
}

/** The invitation link, what it has earned, and moving the rewards into the balance. */
export function InvitationCard({ invitation, onMoved }: { invitation: Invitation | null; onMoved: (message: string) => void }) {
  const [amount, setAmount] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('money');

  if (invitation === null) {
    return (
      <section className="card" aria-labelledby="invite-title">
        <h2 id="invite-title">{t('invite.title')}</h2>
        <p className="muted">{t('common:app.loadingPage')}</p>
      </section>
    );
  }
  const link = invitationLink(invitation.aff_code);
  const typed = amount ?? quotaToUsdInput(invitation.aff_quota);
  const quota = usdInputToQuota(typed);
  const problem =
    quota === null
      ? t('invite.dollarAmount')
      : quota < invitation.min_transfer
        ? t('invite.atLeast', { amount: formatUsd(invitation.min_transfer) })
        : quota > invitation.aff_quota
          ? t('invite.atMost', { amount: formatUsd(invitation.aff_quota) })
          : null;
  const canMove = invitation.aff_quota >= invitation.min_transfer;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (problem !== null || quota === null) return;
    setBusy(true);
    try {
      await transferInvitation(quota);
      setAmount(null);
      setAttempted(false);
      onMoved(t('invite.moved', { amount: formatUsd(quota) }));
    } catch (caught) {
      setError(messageOf(caught, t('invite.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('invite.title')}</h2>
      <p className="muted">
        {invitation.reward_quota > 0
          ? t('invite.rewardOn', { amount: formatUsd(invitation.reward_quota) })
          : t('invite.rewardOff')}
      </p>
      <div className="copy-row">
        <input className="copy-row__value copy-row__input" readOnly value={link} aria-label={t('invite.link')} data-testid="invitation-link" onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={link} label={t('invite.copy')} />
      </div>
      <dl className="facts" data-testid="invitation-facts">
        <dt>{t('invite.registered')}</dt>
        <dd>{formatNumber(invitation.aff_count)}</dd>
        <dt>{t('invite.toMove')}</dt>
        <dd data-testid="invitation-rewards">{formatUsd(invitation.aff_quota)}</dd>
        <dt>{t('invite.earned')}</dt>
        <dd>{formatUsd(invitation.aff_history_quota)}</dd>
      </dl>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {canMove ? (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={t('invite.moveLabel')}
            inputMode="decimal"
            value={typed}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={attempted ? problem : null}
            hint={t('invite.atATime', { amount: formatUsd(invitation.min_transfer) })}
          />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('invite.moving') : t('invite.move')}
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">{t('invite.from', { amount: formatUsd(invitation.min_transfer) })}</p>
      )}
    </section>
  );
}
