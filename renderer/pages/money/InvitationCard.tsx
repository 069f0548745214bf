import { useState, type FormEvent } from 'react';
import { transferInvitation, type Invitation } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Field } from '../../components/Field.js';
import { messageOf } from '../../hooks/use-list.js';
import { formatUsd, quotaToUsdInput, usdInputToQuota } from '../../lib/money.js';

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

  if (invitation === null) {
    return (
      <section className="card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite people</h2>
        <p className="muted">Loading…</p>
      </section>
    );
  }
  const link = invitationLink(invitation.aff_code);
  const typed = amount ?? quotaToUsdInput(invitation.aff_quota);
  const quota = usdInputToQuota(typed);
  const problem =
    quota === null
      ? 'A dollar amount, like 1.5.'
      : quota < invitation.min_transfer
        ? `At least ${formatUsd(invitation.min_transfer)}.`
        : quota > invitation.aff_quota
          ? `At most ${formatUsd(invitation.aff_quota)}, what you have.`
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
      onMoved(`Moved ${formatUsd(quota)} of invitation rewards into your balance.`);
    } catch (caught) {
      setError(messageOf(caught, 'Could not move the rewards.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite people</h2>
      <p className="muted">
        {invitation.reward_quota > 0
          ? `Each person who registers with your link earns you ${formatUsd(invitation.reward_quota)} of invitation rewards, which you can move into your balance.`
          : 'Invitation rewards are off on this relay, but your link still lets people register where registration is by invitation.'}
      </p>
      <div className="copy-row">
        <input className="copy-row__value copy-row__input" readOnly value={link} aria-label="Your invitation link" data-testid="invitation-link" onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={link} label="Copy link" />
      </div>
      <dl className="facts" data-testid="invitation-facts">
        <dt>Registered with it</dt>
        <dd>{invitation.aff_count.toLocaleString()}</dd>
        <dt>Rewards to move</dt>
        <dd data-testid="invitation-rewards">{formatUsd(invitation.aff_quota)}</dd>
        <dt>Earned in all</dt>
        <dd>{formatUsd(invitation.aff_history_quota)}</dd>
      </dl>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {canMove ? (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="Move to balance (USD)"
            inputMode="decimal"
            value={typed}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={attempted ? problem : null}
            hint={`At least ${formatUsd(invitation.min_transfer)} at a time.`}
          />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Moving…' : 'Move to balance'}
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">Rewards can be moved into your balance from {formatUsd(invitation.min_transfer)} on.</p>
      )}
    </section>
  );
}
