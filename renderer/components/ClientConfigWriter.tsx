// "Write to this computer": when the console runs on the relay's machine (loopback) and the
// user is the owner, write each client's configuration file directly, with undo.
import { useEffect, useState } from 'react';
import { getClientFiles, isLoopbackHostname, undoClientFile, writeClientFile, type ClientFileStatus, type ClientSetupId } from '../api/client-setup.js';
import { getSelf } from '../api/user.js';
import { Alert } from './Alert.js';

const ROOT_ROLE = 100;

interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
  detail?: string;
}

export function ClientConfigWriter({ apiKey }: { apiKey: string }) {
  const local = isLoopbackHostname(window.location.hostname);
  const [files, setFiles] = useState<ClientFileStatus[] | null>(null);
  const [busy, setBusy] = useState<ClientSetupId | null>(null);
  const [outcomes, setOutcomes] = useState<Partial<Record<ClientSetupId, Outcome>>>({});

  useEffect(() => {
    if (!local) return;
    let cancelled = false;
    getSelf()
      .then((user) => (user !== null && user.role >= ROOT_ROLE ? getClientFiles() : null))
      .then((list) => {
        if (!cancelled) setFiles(list);
      })
      .catch(() => {
        if (!cancelled) setFiles(null);
      });
    return () => {
      cancelled = true;
    };
  }, [local]);

  if (!local || files === null) return null;

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
        [client]: { tone: 'success', text: `Written to ${result.path}.${result.backup ? ` The previous file is saved as ${result.backup}.` : ''}`, detail: result.note },
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
      setOutcomes((o) => ({ ...o, [client]: { tone: 'info', text: result.action === 'restored' ? `Restored the previous ${result.path}.` : `Removed ${result.path} (Relaydesk had created it).` } }));
    } catch (caught) {
      setOutcomes((o) => ({ ...o, [client]: { tone: 'error', text: caught instanceof Error ? caught.message : 'Could not undo.' } }));
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  return (
    <section className="client-writer" data-testid="client-config-writer" aria-label="Write client configuration to this computer">
      <p className="muted">The relay runs on this computer: Relaydesk can write the configuration files for you (the existing file is backed up first).</p>
      <ul className="client-writer__list" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '0.75rem' }}>
        {files.map((file) => {
          const outcome = outcomes[file.client];
          return (
            <li key={file.client} className="client-writer__item" data-testid={`client-writer-${file.client}`}>
              <div>
                <strong>{file.label}</strong> <code>{file.path}</code>
                {!file.exists && <span className="muted"> (not there yet)</span>}
              </div>
              <div className="client-writer__actions" style={{ display: 'flex', gap: '0.5rem', marginTop: '0.25rem' }}>
                <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => void write(file.client)}>
                  {busy === file.client ? 'Working…' : 'Write to this computer'}
                </button>
                {file.can_undo && (
                  <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => void undo(file.client)}>
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
