// Two-step verification on the profile: set up (QR image and secret), enable with a code,
// backup codes (shown once), new backup codes, and turning it off after a security verification.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('profile');

  async function refresh() {
    setStatus(await twoFactorStatus());
  }

  useEffect(() => {
    refresh().catch((caught: unknown) => setError(caught instanceof Error ? caught.message : t('twoFactor.readFailed')));
  }, [t]);

  /** Runs one call with the card busy; errors are shown, the code field emptied. */
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('common:somethingWrong'));
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
    if (code.trim() === '') return setError(t('twoFactor.enterCode'));
    void run(async () => {
      setBackupCodes(await enableTwoFactor(code.trim()));
      setSetup(null);
      await refresh();
      setNotice(t('twoFactor.nowOn'));
    });
  }

  function renew(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') return setError(t('twoFactor.enterCode'));
    void run(async () => {
      setBackupCodes(await renewBackupCodes(code.trim()));
      await refresh();
      setNotice(t('twoFactor.renewed'));
    });
  }

  function disable(given: string, verification: Verification) {
    void run(async () => {
      await disableTwoFactor(given, verification);
      setVerified(null);
      setBackupCodes(null);
      await refresh();
      setNotice(t('twoFactor.nowOff'));
    });
  }

  function turnOff() {
    if (verified !== null && verified.expires_at > Date.now() && code.trim() !== '') disable(code.trim(), verified);
    else setVerifying(true);
  }

  const codeField = <Field label={t('twoFactor.code')} name="totp_code" autoComplete="one-time-code" spellCheck={false} value={code} onChange={(event) => setCode(event.currentTarget.value)} />;

  return (
    <section className="card" aria-labelledby="two-factor-title" data-testid="two-factor-card">
      <h2 id="two-factor-title">{t('auth:twoStep.title')}</h2>
      <p className="muted">
        {status?.enabled
          ? t('twoFactor.on', { left: status.backup_codes_left })
          : t('twoFactor.off')}
      </p>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}

      {backupCodes !== null && (
        <div className="token" data-testid="backup-codes">
          <p className="token__label">{t('twoFactor.backupLabel')}</p>
          <ul className="mono">
            {backupCodes.map((backup) => (
              <li key={backup}>{backup}</li>
            ))}
          </ul>
          <div className="actions">
            <CopyButton text={backupCodes.join('\n')} label={t('twoFactor.copyBackup')} />
          </div>
          <p className="token__warning" role="status">
            {t('twoFactor.keepSafe')}
          </p>
        </div>
      )}

      {status !== null && !status.enabled && setup === null && (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => void start()} disabled={busy}>
            {t('twoFactor.setUp')}
          </button>
        </div>
      )}

      {setup !== null && (
        <form className="form" onSubmit={enable} noValidate>
          <p>{t('twoFactor.scan')}</p>
          <img src={setup.qr_code} alt={t('twoFactor.qrAlt')} width={200} height={200} data-testid="totp-qr" />
          <div className="copy-row">
            <input className="copy-row__value copy-row__input mono" readOnly aria-label={t('twoFactor.secret')} data-testid="totp-secret" value={setup.secret} spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={setup.secret} label={t('twoFactor.copySecret')} />
          </div>
          {codeField}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('twoFactor.enabling') : t('common:actions.enable')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setSetup(null)} disabled={busy}>
              {t('common:actions.cancel')}
            </button>
          </div>
        </form>
      )}

      {status?.enabled && (
        <form className="form" onSubmit={renew} noValidate>
          {codeField}
          <div className="actions">
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('twoFactor.newBackup')}
            </button>
            <button type="button" className="button button--ghost-danger" onClick={turnOff} disabled={busy}>
              {t('twoFactor.turnOff')}
            </button>
          </div>
        </form>
      )}

      {verifying && (
        <VerifyDialog
          purpose={t('twoFactor.turnOff')}
          onCancel={() => setVerifying(false)}
          onVerified={(verification, usedCode) => {
            setVerifying(false);
            // The verification's own app code turns it off too; a backup code is used up by it.
            if (usedCode !== null && /^\d{6}$/.test(usedCode)) return disable(usedCode, verification);
            setVerified(verification);
            setNotice(t('twoFactor.verifiedNext'));
          }}
        />
      )}
    </section>
  );
}
