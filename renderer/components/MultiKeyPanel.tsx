// The keys of a multi-key channel: each key's state by index, with enable / disable / delete
// per key and "Enable all"; the keys themselves only after a security verification ("Show keys").
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeKeys, listKeys, revealKeys, type KeyAction, type KeysView, type KeyStateView } from '../api/channels.js';
import { forgetVerification, liveVerification, type Verification } from '../api/two-factor.js';
import { Alert } from './Alert.js';
import { CopyButton } from './CopyButton.js';
import { Dialog } from './Dialog.js';
import { VerifyDialog } from './VerifyDialog.js';
import { statusOf } from '../lib/channel-status.js';
import { cooldownText, useCooldownClock } from '../lib/cooldown.js';
import { formatWhen } from '../lib/when.js';

/** A dialog over one channel's keys; `onChanged` after any change (the channel's status may follow its keys). */
export function MultiKeyPanel({ channel, onClose, onChanged }: { channel: { id: number; name: string }; onClose: () => void; onChanged?: () => void }) {
  const [view, setView] = useState<KeysView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [revealed, setRevealed] = useState<string[] | null>(null);
  const { t } = useTranslation('channels');

  async function reveal(verification: Verification) {
    setVerifying(false);
    setError(null);
    try {
      setRevealed(await revealKeys(channel.id, verification));
    } catch (caught) {
      forgetVerification();
      setError(caught instanceof Error ? caught.message : t('keys.showFailed'));
    }
  }

  /** With a verification still running, at once; otherwise after the verification dialog. */
  function showKeys() {
    const live = liveVerification();
    if (live !== null) void reveal(live);
    else setVerifying(true);
  }

  const load = useCallback(async () => {
    setError(null);
    try {
      setView(await listKeys(channel.id));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('keys.loadFailed'));
    }
  }, [channel.id, t]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(action: KeyAction, done: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setView(await changeKeys(channel.id, action));
      setNotice(done);
      setConfirmDelete(null);
      onChanged?.();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('keys.changeFailed'));
    } finally {
      setBusy(false);
    }
  }

  const anyDisabled = view?.items.some((k) => k.status !== 1) ?? false;
  const now = useCooldownClock(Math.max(0, ...(view?.items.map((k) => k.cooldown_until) ?? [])));

  function row(key: KeyStateView) {
    const status = statusOf(key.status);
    return (
      <tr key={key.index} data-testid={`key-row-${key.index}`} aria-label={t('keys.key', { index: key.index })}>
        <td>
          <div className="stack">
            <strong>#{key.index}</strong>
            {key.hint !== '' && <span className="mono muted small">{key.hint}</span>}
          </div>
        </td>
        <td>
          <span className={`status status--${status.tone}`}>{status.text}</span>
        </td>
        <td className="key-panel__reason">
          {key.reason !== '' ? key.reason : <span className="muted">—</span>}
          {key.status === 3 && key.retry_at > 0 && <div className="muted small">{t('keys.retryAfter', { when: formatWhen(key.retry_at) })}</div>}
          {key.status === 1 && key.cooldown_until > now && <div className="small">{cooldownText(key.cooldown_until, key.cooldown_failures, now)}</div>}
        </td>
        <td>{formatWhen(key.disabled_at)}</td>
        <td className="num">{key.failures}</td>
        <td>
          <div className="row-actions key-panel__actions">
            {key.status === 1 ? (
              <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void act({ action: 'disable', index: key.index }, t('keys.disabled', { index: key.index }))} aria-label={t('keys.disableOne', { index: key.index })}>
                {t('common:actions.disable')}
              </button>
            ) : (
              <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void act({ action: 'enable', index: key.index }, t('keys.enabled', { index: key.index }))} aria-label={t('keys.enableOne', { index: key.index })}>
                {t('common:actions.enable')}
              </button>
            )}
            {confirmDelete === key.index ? (
              <>
                <button type="button" className="button button--danger button--small" disabled={busy} onClick={() => void act({ action: 'delete', index: key.index }, t('keys.deleted', { index: key.index }))} aria-label={t('keys.confirmDelete', { index: key.index })}>
                  {t('keys.reallyDelete')}
                </button>
                <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => setConfirmDelete(null)}>
                  {t('keys.keep')}
                </button>
              </>
            ) : (
              <button type="button" className="button button--ghost-danger button--small" disabled={busy || (view?.key_count ?? 0) <= 1} onClick={() => setConfirmDelete(key.index)} aria-label={t('keys.deleteOne', { index: key.index })} title={(view?.key_count ?? 0) <= 1 ? t('keys.onlyKey') : undefined}>
                {t('common:actions.delete')}
              </button>
            )}
          </div>
        </td>
      </tr>
    );
  }

  return (
    <Dialog
      open
      wide
      title={t('keys.title', { name: channel.name })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" disabled={busy || revealed !== null} onClick={showKeys}>
            {t('keys.show')}
          </button>
          <button type="button" className="button button--secondary" disabled={busy || !anyDisabled} onClick={() => void act({ action: 'enable_all' }, t('keys.enabledAll'))}>
            {t('keys.enableAll')}
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('money:make.done')}
          </button>
        </>
      }
    >
      {error !== null && <Alert tone="error">{error}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {view === null && error === null && <p className="muted">{t('keys.loading')}</p>}
      {view !== null && (
        <>
          <p className="muted small" data-testid="key-summary">
            {t('keys.summary', { enabled: view.enabled, count: view.key_count })}
          </p>
          {revealed !== null && (
            <div className="token" data-testid="revealed-keys">
              <label htmlFor="revealed-keys" className="token__label">
                {t('keys.revealed')}
              </label>
              <div className="copy-row">
                <textarea id="revealed-keys" className="copy-row__value copy-row__input mono" readOnly rows={Math.min(6, revealed.length)} value={revealed.join('\n')} spellCheck={false} />
                <CopyButton text={revealed.join('\n')} label={t('keys.copy')} />
              </div>
            </div>
          )}
          <div className="table-scroll key-panel">
            <table className="table">
              <caption className="visually-hidden">{t('keys.title', { name: channel.name })}</caption>
              <thead>
                <tr>
                  <th>{t('keys.columns.key')}</th>
                  <th>{t('columns.status')}</th>
                  <th>{t('keys.columns.reason')}</th>
                  <th>{t('keys.columns.disabledAt')}</th>
                  <th className="num">{t('keys.columns.failures')}</th>
                  <th>{t('columns.actions')}</th>
                </tr>
              </thead>
              <tbody>{view.items.map(row)}</tbody>
            </table>
          </div>
        </>
      )}
      {verifying && <VerifyDialog purpose={t('keys.purpose', { name: channel.name })} onVerified={(verification) => void reveal(verification)} onCancel={() => setVerifying(false)} />}
    </Dialog>
  );
}
