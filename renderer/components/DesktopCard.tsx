import { useEffect, useState } from 'react';
import { desktopBridge, type RelaydeskBridge } from '../lib/desktop-bridge.js';
import { Switch } from './Switch.js';

/**
 * What only the desktop app can do (through `window.relaydesk`): its version, start at
 * login, open the data folder. Renders nothing in a browser.
 */
export function DesktopCard() {
  const bridge = desktopBridge();
  return bridge ? <DesktopControls bridge={bridge} /> : null;
}

function DesktopControls({ bridge }: { bridge: RelaydeskBridge }) {
  const [version, setVersion] = useState<string | null>(null);
  const [startAtLogin, setStartAtLogin] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([bridge.appVersion(), bridge.getStartAtLogin()])
      .then(([v, login]) => {
        if (!live) return;
        setVersion(v);
        setStartAtLogin(login);
      })
      .catch(() => live && setError('The desktop app did not answer. Restart Relaydesk if this persists.'));
    return () => {
      live = false;
    };
  }, [bridge]);

  async function toggleStartAtLogin(next: boolean) {
    setError(null);
    try {
      // The answer is what the system now says, which may differ from what was asked.
      setStartAtLogin(await bridge.setStartAtLogin(next));
    } catch {
      setError('Could not change the login item. Your system may need you to allow it in its settings.');
    }
  }

  async function openDataFolder() {
    setError(null);
    try {
      await bridge.openDataFolder();
    } catch {
      setError('Could not open the data folder in your file manager.');
    }
  }

  return (
    <section className="card" aria-labelledby="desktop-title">
      <h2 id="desktop-title">Desktop app</h2>
      <p className="muted">{version === null ? 'Relaydesk desktop' : `Relaydesk desktop ${version}`}</p>
      <div className="actions">
        <Switch
          checked={startAtLogin === true}
          disabled={startAtLogin === null}
          label="Start Relaydesk when you log in"
          showLabel
          onChange={(next) => void toggleStartAtLogin(next)}
        />
        <button type="button" className="button button--secondary" onClick={() => void openDataFolder()}>
          Open data folder
        </button>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
