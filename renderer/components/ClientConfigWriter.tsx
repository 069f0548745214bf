// "Write to this computer": when the console runs on the relay's machine (loopback) and the
// user is the owner, write a client's configuration files directly, with undo. Shown for one
// client at a time (the open setup tab); stays mounted across tabs so outcomes are kept.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList } from '../i18n/format.js';
import { i18n } from '../i18n/index.js';
import type { UserView } from '../../relay/management/contract.js';
import {
  getClientFiles,
  isLoopbackHostname,
  undoClientFile,
  writeClientFile,
  type ClientFileStatus,
  type ClientSetupId,
  type ClientUndoResult,
  type ClientWriteResult,
} from '../api/client-setup.js';
import { isRoot } from '../lib/roles.js';
import { Alert } from './Alert.js';
import './keys.css';

function writtenText(result: ClientWriteResult): string {
  const backups = result.files.flatMap((file) => (file.backup ? [file.backup] : []));
  const written = i18n.t('keys:writer.written', { files: formatList(result.files.map((file) => file.path)) });
  return backups.length === 0 ? written : `${written} ${i18n.t('keys:writer.backedUp', { count: backups.length, files: formatList(backups) })}`;
}

function undoneText(result: ClientUndoResult): string {
  return result.files.map((file) => i18n.t(file.action === 'restored' ? 'keys:writer.restored' : 'keys:writer.removed', { file: file.path })).join(' ');
}

interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
  detail?: string;
}

export function ClientConfigWriter({ apiKey, client, user }: { apiKey: string; client: ClientSetupId | null; user: UserView }) {
  const offered = isLoopbackHostname(window.location.hostname) && isRoot(user);
  const [files, setFiles] = useState<ClientFileStatus[] | null>(null);
  const [busy, setBusy] = useState<ClientSetupId | null>(null);
  const [outcomes, setOutcomes] = useState<Partial<Record<ClientSetupId, Outcome>>>({});
  const { t } = useTranslation('keys');

  useEffect(() => {
    if (!offered) return;
    let cancelled = false;
    getClientFiles()
      .then((list) => {
        if (!cancelled) setFiles(list);
      })
      .catch(() => {
        if (!cancelled) setFiles(null);
      });
    return () => {
      cancelled = true;
    };
  }, [offered]);

  if (!offered || files === null) return null;

  async function refresh() {
    try {
      setFiles(await getClientFiles());
    } catch {
      // keep the list we have
    }
  }

  async function write(client: ClientSetupId) {
    setBusy(client);
    try {
      const result = await writeClientFile(client, apiKey);
      setOutcomes((o) => ({
        ...o,
        [client]: { tone: 'success', text: writtenText(result), detail: result.note },
      }));
    } catch (caught) {
      setOutcomes((o) => ({ ...o, [client]: { tone: 'error', text: caught instanceof Error ? caught.message : t('writer.writeFailed') } }));
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  async function undo(client: ClientSetupId) {
    setBusy(client);
    try {
      const result = await undoClientFile(client);
      setOutcomes((o) => ({ ...o, [client]: { tone: 'info', text: undoneText(result) } }));
    } catch (caught) {
      setOutcomes((o) => ({ ...o, [client]: { tone: 'error', text: caught instanceof Error ? caught.message : t('writer.undoFailed') } }));
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  const file = files.find((f) => f.client === client);
  if (file === undefined) return null;
  const outcome = outcomes[file.client];
  return (
    <section className="client-writer" data-testid="client-config-writer" aria-label={t('writer.label', { client: file.label })}>
      <div data-testid={`client-writer-${file.client}`}>
        <p className="client-writer__files">
          {t('writer.into')}{' '}
          {file.files.map((f, index) => (
            <span key={f.path}>
              {index > 0 && ` ${t('writer.and')} `}
              <code>{f.path}</code>
              {!f.exists && <span className="muted"> {t('writer.notThere')}</span>}
            </span>
          ))}
          {t('writer.backingUp')}
        </p>
        <div className="client-writer__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy !== null}
            onClick={() => void write(file.client)}
            aria-label={`${busy === file.client ? t('common:dialog.working') : t('writer.write')} (${file.label})`}
          >
            {busy === file.client ? t('common:dialog.working') : t('writer.write')}
          </button>
          {file.can_undo && (
            <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => void undo(file.client)} aria-label={`${t('writer.undo')} (${file.label})`}>
              {t('writer.undo')}
            </button>
          )}
        </div>
        {outcome && (
          <Alert tone={outcome.tone}>
            {outcome.text}
            {outcome.detail && <div>{outcome.detail}</div>}
          </Alert>
        )}
      </div>
    </section>
  );
}
