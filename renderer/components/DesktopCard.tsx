import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('profile');

  useEffect(() => {
    let live = true;
    Promise.all([bridge.appVersion(), bridge.getStartAtLogin()])
      .then(([v, login]) => {
        if (!live) return;
        setVersion(v);
        setStartAtLogin(login);
      })
      .catch(() => live && setError(t('desktop.noAnswer')));
    return () => {
      live = false;
    };
  }, [bridge, t]);

  async function toggleStartAtLogin(next: boolean) {
    setError(null);
    try {
      // The answer is what the system now says, which may differ from what was asked.
      setStartAtLogin(await bridge.setStartAtLogin(next));
    } catch {
      setError(t('desktop.loginItemFailed'));
    }
  }

  async function openDataFolder() {
    setError(null);
    try {
      await bridge.openDataFolder();
    } catch {
      setError(t('desktop.openFailed'));
    }
  }

  return (
    <section className="card" aria-labelledby="desktop-title">
      <h2 id="desktop-title">{t('desktop.title')}</h2>
      <p className="muted">{version === null ? t('desktop.name') : t('desktop.nameVersion', { version })}</p>
      <div className="actions">
        <Switch
          checked={startAtLogin === true}
          disabled={startAtLogin === null}
          label={t('desktop.startAtLogin')}
          showLabel
          onChange={(next) => void toggleStartAtLogin(next)}
        />
        <button type="button" className="button button--secondary" onClick={() => void openDataFolder()}>
          {t('desktop.openData')}
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
