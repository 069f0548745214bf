// A record in full: billing breakdown, retry chain (admins) and error. A modal side drawer.
import { useEffect, useRef } from 'react';
import { typeName } from '../../api/logs.js';
import type { LogView } from '../../api/logs.js';
import { ms, n, when } from './format.js';

export function LogDrawer({ record, admin, onClose }: { record: LogView; admin: boolean; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // Keep Tab inside the drawer while it is open.
      if (event.key === 'Tab' && drawerRef.current) {
        const focusable = drawerRef.current.querySelectorAll<HTMLElement>('button, [href], summary, [tabindex]:not([tabindex="-1"])');
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  const rows: [string, string][] = [
    ['Time', when(record.created_at)],
    ['Type', typeName(record.type)],
    ['User', record.username],
    ['Key', record.token_name || '–'],
    ['Model asked for', record.model || '–'],
    ['Model sent upstream', record.upstream_model || '–'],
    ['Group', record.group || '–'],
    ['Request ID', record.request_id || '–'],
    ['Stream', record.is_stream ? 'Yes' : 'No'],
    ['First byte', ms(record.first_byte_ms)],
    ['Total time', ms(record.total_ms)],
  ];
  if (admin) rows.splice(5, 0, ['Channel', record.channel_name ? `${record.channel_name} (#${record.channel_id})` : '–'], ['IP', record.ip || '–']);
  const billing: [string, string][] = [
    ['Prompt tokens', n(record.prompt_tokens)],
    ['Cached tokens', n(record.cached_tokens)],
    ['Completion tokens', n(record.completion_tokens)],
    ['Reasoning tokens', n(record.reasoning_tokens)],
    ['Quota charged', n(record.quota)],
  ];
  const other = Object.entries(record.other ?? {});

  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <aside ref={drawerRef} className="drawer" role="dialog" aria-modal="true" aria-labelledby="log-drawer-title" onClick={(e) => e.stopPropagation()}>
        <div className="drawer__head">
          <h2 id="log-drawer-title">Record #{record.id}</h2>
          <button ref={closeRef} type="button" className="button button--secondary button--small" onClick={onClose}>
            Close
          </button>
        </div>
        <dl className="facts">{rows.map(([k, v]) => fact(k, v))}</dl>
        <h3>Billing</h3>
        <dl className="facts">{billing.map(([k, v]) => fact(k, v))}</dl>
        {other.length > 0 && (
          <dl className="facts">
            {other.map(([k, v]) => fact(k, typeof v === 'string' ? v : JSON.stringify(v)))}
          </dl>
        )}
        {record.content && <p className="drawer__content">{record.content}</p>}
        {admin && record.retry_chain.length > 0 && (
          <>
            <h3>Retry chain</h3>
            <ol className="retry-chain">
              {record.retry_chain.map((a, i) => (
                <li key={i}>
                  Channel #{a.channel_id}
                  {a.key_index !== undefined ? `, key ${a.key_index + 1}` : ''}
                  {a.status !== undefined ? `: HTTP ${a.status}` : ''}
                  {a.error ? ` — ${a.error}` : ''}
                </li>
              ))}
            </ol>
          </>
        )}
        {record.error && (
          <>
            <h3>Error</h3>
            <pre className="drawer__error">{record.error}</pre>
          </>
        )}
      </aside>
    </div>
  );
}

function fact(label: string, value: string) {
  return (
    <div key={label} className="facts__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
