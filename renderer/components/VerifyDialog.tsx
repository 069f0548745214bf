// Security verification before something sensitive (revealing keys, turning two-step
// verification off): a code of the authenticator app (or a backup code), or the password
// when the account has neither two-step verification nor a passkey; or one of its passkeys.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyWithPasskey } from '../api/passkeys.js';
import { verificationMethods, verify, type Verification } from '../api/two-factor.js';
import { Alert } from './Alert.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';

interface Props {
  /** What the verification is for, e.g. "Show the keys of Main". */
  purpose: string;
  /** The proof, and the code it was made with (a call that also wants a code may reuse it). */
  onVerified: (verification: Verification, code: string | null) => void;
  onCancel: () => void;
}

export function VerifyDialog({ purpose, onVerified, onCancel }: Props) {
  // 'passkey': a passkey is the only way (no field to fill).
  const [method, setMethod] = useState<'totp' | 'password' | 'passkey' | null>(null);
  const [passkey, setPasskey] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation('profile');

  useEffect(() => {
    let live = true;
    verificationMethods()
      .then((methods) => {
        if (!live) return;
        setPasskey(methods.includes('passkey'));
        setMethod(methods.includes('totp') ? 'totp' : methods.includes('passkey') ? 'passkey' : 'password');
      })
      .catch((caught: unknown) => live && setError(caught instanceof Error ? caught.message : t('verify.startFailed')));
    return () => {
      live = false;
    };
  }, [t]);

  useEffect(() => {
    if (method !== null) input.current?.focus();
  }, [method]);

  async function verifyByPasskey() {
    setError(null);
    setBusy(true);
    try {
      onVerified(await verifyWithPasskey(), null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('verify.failed'));
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (method === null || method === 'passkey') return;
    setError(null);
    const given = value.trim();
    if (given === '') {
      setError(method === 'totp' ? t('verify.enterCode') : t('verify.enterPassword'));
      return;
    }
    setBusy(true);
    try {
      const verification = await verify(method === 'totp' ? { method, code: given } : { method, password: value });
      onVerified(verification, method === 'totp' ? given : null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('verify.failed'));
      setValue('');
      setBusy(false);
      input.current?.focus();
    }
  }

  return (
    <Dialog
      open
      title={t('verify.title')}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form="verify-form" className="button button--primary" disabled={busy || method === null || method === 'passkey'}>
            {busy ? t('auth:twoStep.verifying') : t('auth:twoStep.verify')}
          </button>
        </>
      }
    >
      <p className="dialog__text">{t('verify.lead', { purpose })}</p>
      {error !== null && <Alert tone="error">{error}</Alert>}
      <form id="verify-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        {passkey && (
          <button type="button" className="button button--secondary button--block" onClick={() => void verifyByPasskey()} disabled={busy}>
            {t('verify.usePasskey')}
          </button>
        )}
        {method === 'totp' && (
          <Field ref={input} label={t('auth:twoStep.code')} name="verification_code" autoComplete="one-time-code" spellCheck={false} hint={t('verify.codeHint')} value={value} onChange={(event) => setValue(event.currentTarget.value)} />
        )}
        {method === 'password' && <Field ref={input} label={t('auth:login.password')} name="verification_password" type="password" autoComplete="current-password" value={value} onChange={(event) => setValue(event.currentTarget.value)} />}
      </form>
    </Dialog>
  );
}
