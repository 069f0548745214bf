// Passkeys on the profile: add one made by this browser or device (named), rename, and remove
// after a security verification.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { addPasskey, listPasskeys, passkeysSupported, removePasskey, renamePasskey, type PasskeyView } from '../api/passkeys.js';
import type { Verification } from '../api/two-factor.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from './Alert.js';
import { DataTable, type Column } from './DataTable.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';
import { VerifyDialog } from './VerifyDialog.js';

function formatDate(ms: number): string {
  if (ms <= 0) return 'Never';
  return new Date(ms).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

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

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      setPasskeys(await listPasskeys());
    } catch (caught) {
      setLoadError(messageOf(caught, 'Could not load your passkeys.'));
    } finally {
      setLoading(false);
    }
  }, []);

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
      setError(messageOf(caught, 'Something went wrong.'));
    } finally {
      setBusy(false);
    }
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const added = await addPasskey(name.trim());
      setName('');
      return `Passkey "${added.name}" added: you can sign in with it.`;
    });
  }

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const passkey = renaming;
    if (passkey === null || newName.trim() === '') return;
    setRenaming(null);
    void run(async () => {
      await renamePasskey(passkey.id, newName.trim());
      return `Passkey renamed "${newName.trim()}".`;
    });
  }

  function remove(verification: Verification) {
    const passkey = removing;
    setRemoving(null);
    if (passkey === null) return;
    void run(async () => {
      await removePasskey(passkey.id, verification);
      return `Passkey "${passkey.name}" removed.`;
    });
  }

  const columns: Column<PasskeyView>[] = [
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'created', header: 'Added', render: (p) => formatDate(p.created_at) },
    { key: 'used', header: 'Last used', render: (p) => formatDate(p.last_used_at) },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Rename passkey ${p.name}`}
            onClick={() => {
              setNewName(p.name);
              setRenaming(p);
            }}
            disabled={busy}
          >
            Rename
          </button>
          <button type="button" className="button button--ghost-danger button--small" aria-label={`Remove passkey ${p.name}`} onClick={() => setRemoving(p)} disabled={busy}>
            Remove
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="passkeys-title" data-testid="passkeys-card">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="muted">Sign in with your fingerprint, face, screen lock or security key instead of your password. A passkey works on this address of the relay only.</p>
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {error !== null && <Alert tone="error">{error}</Alert>}
      <DataTable caption="Your passkeys" columns={columns} rows={passkeys} rowKey={(p) => p.id} loading={loading} error={loadError} empty="No passkeys yet." onRetry={() => void load()} />
      {supported ? (
        <form className="form" onSubmit={add} noValidate>
          <Field label="Name of the new passkey" name="passkey_name" maxLength={64} placeholder="Laptop" hint="Optional: what you will know it by." value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Waiting for the passkey…' : 'Add a passkey'}
            </button>
          </div>
        </form>
      ) : (
        <Alert tone="info">This browser cannot make passkeys here: passkeys need a secure address (https, or localhost on this computer).</Alert>
      )}

      <Dialog
        open={renaming !== null}
        title="Rename passkey"
        onClose={() => setRenaming(null)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setRenaming(null)}>
              Cancel
            </button>
            <button type="submit" form="rename-passkey-form" className="button button--primary" disabled={newName.trim() === ''}>
              Save
            </button>
          </>
        }
      >
        <form id="rename-passkey-form" className="form" onSubmit={rename} noValidate>
          <Field label="Name" name="passkey_new_name" maxLength={64} value={newName} onChange={(event) => setNewName(event.currentTarget.value)} />
        </form>
      </Dialog>

      {removing !== null && <VerifyDialog purpose={`Remove the passkey "${removing.name}"`} onVerified={(verification) => remove(verification)} onCancel={() => setRemoving(null)} />}
    </section>
  );
}
