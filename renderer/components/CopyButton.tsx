import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopBridge } from '../lib/desktop-bridge.js';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label, className }: { text: string; label?: string; className?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2000);
  }

  return (
    <>
      <button type="button" className={`button button--secondary${className ? ` ${className}` : ''}`} onClick={() => void copy()}>
        {state === 'copied' ? t('actions.copied') : (label ?? t('actions.copy'))}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? t('copy.done') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </>
  );
}

async function copyText(text: string): Promise<boolean> {
  // In the desktop app the main process writes the clipboard: no permission prompt, no focus rules.
  const bridge = desktopBridge();
  if (bridge) {
    try {
      await bridge.copyToClipboard(text);
      return true;
    } catch {
      // fall through to the web ways
    }
  }
  // The Clipboard API needs a secure context (localhost is one; a LAN address over http is not).
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the legacy way
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
