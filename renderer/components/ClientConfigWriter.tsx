// "Write to this computer": when the console runs on the relay's machine (loopback) and the
// user is the owner, write a client's configuration files directly, with undo. Shown for one
// client at a time (the open setup tab); stays mounted across tabs so outcomes are kept.
import { useEffect, useState } from 'react';
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

const andList = new Intl.ListFormat('en', { type: 'conjunction' });

function writtenText(result: ClientWriteResult): string {
  const backups = result.files.flatMap((file) => (file.backup ? [file.backup] : []));
  const saved = backups.length === 0 ? '' : ` The previous ${backups.length === 1 ? 'version is' : 'versions are'} saved as ${andList.format(backups)}.`;
  return `Written to ${andList.format(result.files.map((file) => file.path))}.${saved}`;
}

function undoneText(result: ClientUndoResult): string {
  return result.files.map((file) => (file.action === 'restored' ? `Restored the previous ${file.path}.` : `Removed ${file.path} (Relaydesk had created it).`)).join(' ');
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
      setOutcomes((o) => ({ ...o, [client]: { tone: 'error', text: caught instanceof Error ? caught.message : 'Could not write the file.' } }));
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
      setOutcomes((o) => ({ ...o, [client]: { tone: 'error', text: caught instanceof Error ? caught.message : 'Could not undo.' } }));
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  const file = files.find((f) => f.client === client);
  if (file === undefined) return null;
  const outcome = outcomes[file.client];
  return (
    <section className="client-writer" data-testid="client-config-writer" aria-label={`Write the ${file.label} configuration to this computer`}>
      <div data-testid={`client-writer-${file.client}`}>
        <p className="client-writer__files">
          The relay runs on this computer: Relaydesk can write this into{' '}
          {file.files.map((f, index) => (
            <span key={f.path}>
              {index > 0 && ' and '}
              <code>{f.path}</code>
              {!f.exists && <span className="muted"> (not there yet)</span>}
            </span>
          ))}
          , backing up what is there.
        </p>
        <div className="client-writer__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy !== null}
            onClick={() => void write(file.client)}
            aria-label={`${busy === file.client ? 'Working…' : 'Write to this computer'} (${file.label})`}
          >
            {busy === file.client ? 'Working…' : 'Write to this computer'}
          </button>
          {file.can_undo && (
            <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => void undo(file.client)} aria-label={`Undo (${file.label})`}>
              Undo
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
