// Two-step verification on the profile: set up (QR image and secret), enable with a code,
// backup codes (shown once), new backup codes, and turning it off after a security verification.
import { useEffect, useState, type FormEvent } from 'react';
import { disableTwoFactor, enableTwoFactor, renewBackupCodes, setUpTwoFactor, twoFactorStatus, type TwoFactorSetup, type TwoFactorStatus, type Verification } from '../api/two-factor.js';
import { Alert } from './Alert.js';
import { CopyButton } from './CopyButton.js';
import { Field } from './Field.js';
import { VerifyDialog } from './VerifyDialog.js';

export function TwoFactorCard() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [verifying, setVerifying] = useState(false);
  // Verified with a backup code: turning off then takes one more code.
  const [verified, setVerified] = useState<Verification | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function refresh() {
    setStatus(await twoFactorStatus());
  }

  useEffect(() => {
    refresh().catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'Could not read two-step verification.'));
  }, []);

  /** Runs one call with the card busy; errors are shown, the code field emptied. */
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong.');
    } finally {
      setCode('');
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      setBackupCodes(null);
      setSetup(await setUpTwoFactor());
    });

  function enable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') return setError('Enter the code your app shows.');
    void run(async () => {
      setBackupCodes(await enableTwoFactor(code.trim()));
      setSetup(null);
      await refresh();
      setNotice('Two-step verification is on. Signing in now asks for a code.');
    });
  }

  function renew(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') return setError('Enter the code your app shows.');
    void run(async () => {
      setBackupCodes(await renewBackupCodes(code.trim()));
      await refresh();
      setNotice('New backup codes: the old ones no longer work.');
    });
  }

  function disable(given: string, verification: Verification) {
    void run(async () => {
      await disableTwoFactor(given, verification);
      setVerified(null);
      setBackupCodes(null);
      await refresh();
      setNotice('Two-step verification is off.');
    });
  }

  function turnOff() {
    if (verified !== null && verified.expires_at > Date.now() && code.trim() !== '') disable(code.trim(), verified);
    else setVerifying(true);
  }

  const codeField = <Field label="Code from your app" name="totp_code" autoComplete="one-time-code" spellCheck={false} value={code} onChange={(event) => setCode(event.currentTarget.value)} />;

  return (
    <section className="card" aria-labelledby="two-factor-title" data-testid="two-factor-card">
      <h2 id="two-factor-title">Two-step verification</h2>
      <p className="muted">
        {status?.enabled
          ? `On: signing in asks for a code of your authenticator app. Backup codes left: ${status.backup_codes_left}.`
          : 'Off. With it on, signing in asks for a 6-digit code from an authenticator app besides your password.'}
      </p>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}

      {backupCodes !== null && (
        <div className="token" data-testid="backup-codes">
          <p className="token__label">Backup codes: each signs you in once when your app is not at hand.</p>
          <ul className="mono">
            {backupCodes.map((backup) => (
              <li key={backup}>{backup}</li>
            ))}
          </ul>
          <div className="actions">
            <CopyButton text={backupCodes.join('\n')} label="Copy backup codes" />
          </div>
          <p className="token__warning" role="status">
            Keep them somewhere safe now: they won't be shown again.
          </p>
        </div>
      )}

      {status !== null && !status.enabled && setup === null && (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => void start()} disabled={busy}>
            Set up two-step verification
          </button>
        </div>
      )}

      {setup !== null && (
        <form className="form" onSubmit={enable} noValidate>
          <p>Scan the QR image with your authenticator app, or enter the secret by hand; then enter the code it shows.</p>
          <img src={setup.qr_code} alt="QR image of the two-step verification secret" width={200} height={200} data-testid="totp-qr" />
          <div className="copy-row">
            <input className="copy-row__value copy-row__input mono" readOnly aria-label="Secret" data-testid="totp-secret" value={setup.secret} spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={setup.secret} label="Copy secret" />
          </div>
          {codeField}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Enabling…' : 'Enable'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setSetup(null)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {status?.enabled && (
        <form className="form" onSubmit={renew} noValidate>
          {codeField}
          <div className="actions">
            <button type="submit" className="button button--secondary" disabled={busy}>
              New backup codes
            </button>
            <button type="button" className="button button--ghost-danger" onClick={turnOff} disabled={busy}>
              Turn off two-step verification
            </button>
          </div>
        </form>
      )}

      {verifying && (
        <VerifyDialog
          purpose="Turn off two-step verification"
          onCancel={() => setVerifying(false)}
          onVerified={(verification, usedCode) => {
            setVerifying(false);
            // The verification's own app code turns it off too; a backup code is used up by it.
            if (usedCode !== null && /^\d{6}$/.test(usedCode)) return disable(usedCode, verification);
            setVerified(verification);
            setNotice('Verified. Enter a code from your app (or another backup code), then turn it off.');
          }}
        />
      )}
    </section>
  );
}
