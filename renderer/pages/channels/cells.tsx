// Small cells of the Channels table: the channel's name with its type and keys, its first
// models (and the families it serves when not its type's), and its response time (or the outcome of a test just run).
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../api/channels.js';
import { ChannelTypeBadge } from '../../components/ChannelTypeBadge.js';
import { familyLabel, ownFamilies, typeLabel } from '../../lib/channel-types.js';

export type TestState = { state: 'running' } | { state: 'ok'; ms: number } | { state: 'failed'; message: string };

export function NameCell({ channel: c, onShowKeys }: { channel: ChannelView; onShowKeys: () => void }) {
  const { t } = useTranslation('channels');
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
              <button type="button" className="text-button" onClick={onShowKeys} aria-label={t('cells.keysOf', { name: c.name })}>
                {t('cells.keys', { enabled: c.enabled_key_count, count: c.key_count })}
              </button>
            </>
          )}
        </span>
      </div>
    </div>
  );
}

export function ResponseCell({ channel: c, test }: { channel: ChannelView; test: TestState | undefined }) {
  const { t } = useTranslation('channels');
  if (test?.state === 'running') return <span className="muted">{t('cells.testing')}</span>;
  if (test?.state === 'failed')
    return (
      <span className="status status--warn" title={test.message} data-testid={`test-result-${c.id}`}>
        {t('cells.failed')}
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
  const { t } = useTranslation('channels');
  return (
    <span className="models channel-models" title={models.join(', ')}>
      {models.slice(0, 3).map((m) => (
        <span key={m} className="chip">
          {m}
        </span>
      ))}
      {models.length > 3 && <span className="muted small">+{models.length - 3}</span>}
      {families !== null && <span className="muted small channel-families">{t('cells.serves', { families: families.map((f) => familyLabel(f).toLowerCase()).join(', ') })}</span>}
    </span>
  );
}
