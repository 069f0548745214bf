// Small cells of the Channels table: the channel's name with its type and keys, its first
// models (and the families it serves when not its type's), and its response time (or the outcome of a test just run).
import type { ChannelView } from '../../api/channels.js';
import { ChannelTypeBadge } from '../../components/ChannelTypeBadge.js';
import { familyLabel, ownFamilies, typeLabel } from '../../lib/channel-types.js';

export type TestState = { state: 'running' } | { state: 'ok'; ms: number } | { state: 'failed'; message: string };

export function NameCell({ channel: c, onShowKeys }: { channel: ChannelView; onShowKeys: () => void }) {
  return (
    <div className="channel-cell">
      <ChannelTypeBadge type={c.type} />
      <div className="stack">
        <strong>{c.name}</strong>
        <span className="muted small">
          {typeLabel(c.type)}
          {c.key_count > 1 && (
            <>
              {' · '}
              <button type="button" className="text-button" onClick={onShowKeys} aria-label={`Keys of channel ${c.name}`}>
                {c.enabled_key_count}/{c.key_count} keys
              </button>
            </>
          )}
        </span>
      </div>
    </div>
  );
}

export function ResponseCell({ channel: c, test }: { channel: ChannelView; test: TestState | undefined }) {
  if (test?.state === 'running') return <span className="muted">Testing…</span>;
  if (test?.state === 'failed')
    return (
      <span className="status status--warn" title={test.message} data-testid={`test-result-${c.id}`}>
        Failed
      </span>
    );
  if (test?.state === 'ok')
    return (
      <span className="status status--ok" data-testid={`test-result-${c.id}`}>
        {test.ms} ms
      </span>
    );
  return c.response_time > 0 ? <>{c.response_time} ms</> : <span className="muted">—</span>;
}

export function ModelsCell({ channel }: { channel: Pick<ChannelView, 'type' | 'models' | 'families'> }) {
  const { models } = channel;
  const families = ownFamilies(channel);
  return (
    <span className="models channel-models" title={models.join(', ')}>
      {models.slice(0, 3).map((m) => (
        <span key={m} className="chip">
          {m}
        </span>
      ))}
      {models.length > 3 && <span className="muted small">+{models.length - 3}</span>}
      {families !== null && <span className="muted small channel-families">serves {families.map((f) => familyLabel(f).toLowerCase()).join(', ')}</span>}
    </span>
  );
}
