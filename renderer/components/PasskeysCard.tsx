// Passkeys on the profile: add one made by this browser or device (named), rename, and remove
// after a security verification.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format.js';
import { addPasskey, listPasskeys, passkeysSupported, removePasskey, renamePasskey, type PasskeyView } from '../api/passkeys.js';
import type { Verification } from '../api/two-factor.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from './Alert.js';
import { DataTable, type Column } from './DataTable.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';
import { VerifyDialog } from './VerifyDialog.js';

export function PasskeysCard() {
  const [passkeys, setPasskeys] = useState<PasskeyView[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [newName, setNewName] = useState('');
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const supported = passkeysSupported();
  const { t } = useTranslation('profile');
  const formatDate = (ms: number) => (ms <= 0 ? t('passkeys.never') : formatDateTime(ms));

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      setPasskeys(await listPasskeys());
    } catch (caught) {
      setLoadError(messageOf(caught, t('passkeys.loadFailed')));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  /** One change with the card busy; its message shown, the list read again. */
  async function run(work: () => Promise<string>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      await load();
    } catch (caught) {
      setError(messageOf(caught, t('common:somethingWrong')));
    } finally {
      setBusy(false);
    }
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const added = await addPasskey(name.trim());
      setName('');
      return t('passkeys.added', { name: added.name });
    });
  }

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const passkey = renaming;
    if (passkey === null || newName.trim() === '') return;
    setRenaming(null);
    void run(async () => {
      await renamePasskey(passkey.id, newName.trim());
      return t('passkeys.renamed', { name: newName.trim() });
    });
  }

  function remove(verification: Verification) {
    const passkey = removing;
    setRemoving(null);
    if (passkey === null) return;
    void run(async () => {
      await removePasskey(passkey.id, verification);
      return t('passkeys.removed', { name: passkey.name });
    });
  }

  const columns: Column<PasskeyView>[] = [
    { key: 'name', header: t('passkeys.name'), render: (p) => p.name },
    { key: 'created', header: t('passkeys.addedAt'), render: (p) => formatDate(p.created_at) },
    { key: 'used', header: t('passkeys.lastUsed'), render: (p) => formatDate(p.last_used_at) },
    {
      key: 'actions',
      header: t('sessions.actions'),
      render: (p) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('passkeys.renameOne', { name: p.name })}
            onClick={() => {
              setNewName(p.name);
              setRenaming(p);
            }}
            disabled={busy}
          >
            {t('passkeys.rename')}
          </button>
          <button type="button" className="button button--ghost-danger button--small" aria-label={t('passkeys.removeOne', { name: p.name })} onClick={() => setRemoving(p)} disabled={busy}>
            {t('common:actions.remove')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="passkeys-title" data-testid="passkeys-card">
      <h2 id="passkeys-title">{t('passkeys.title')}</h2>
      <p className="muted">{t('passkeys.lead')}</p>
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {error !== null && <Alert tone="error">{error}</Alert>}
      <DataTable caption={t('passkeys.caption')} columns={columns} rows={passkeys} rowKey={(p) => p.id} loading={loading} error={loadError} empty={t('passkeys.empty')} onRetry={() => void load()} />
      {supported ? (
        <form className="form" onSubmit={add} noValidate>
          <Field label={t('passkeys.newName')} name="passkey_name" maxLength={64} placeholder={t('passkeys.placeholder')} hint={t('passkeys.hint')} value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('auth:passkey.waiting') : t('passkeys.add')}
            </button>
          </div>
        </form>
      ) : (
        <Alert tone="info">{t('passkeys.unsupported')}</Alert>
      )}

      <Dialog
        open={renaming !== null}
        title={t('passkeys.renameTitle')}
        onClose={() => setRenaming(null)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setRenaming(null)}>
              {t('common:actions.cancel')}
            </button>
            <button type="submit" form="rename-passkey-form" className="button button--primary" disabled={newName.trim() === ''}>
              {t('common:actions.save')}
            </button>
          </>
        }
      >
        <form id="rename-passkey-form" className="form" onSubmit={rename} noValidate>
          <Field label={t('passkeys.name')} name="passkey_new_name" maxLength={64} value={newName} onChange={(event) => setNewName(event.currentTarget.value)} />
        </form>
      </Dialog>

      {removing !== null && <VerifyDialog purpose={t('passkeys.removePurpose', { name: removing.name })} onVerified={(verification) => remove(verification)} onCancel={() => setRemoving(null)} />}
    </section>
  );
}
