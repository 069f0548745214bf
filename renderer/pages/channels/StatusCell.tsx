// A channel's on/off switch and status, with why the relay disabled it (or some of its keys),
// and whether routing skips it for now after failed calls.
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../api/channels.js';
import { Switch } from '../../components/Switch.js';
import { statusOf } from '../../lib/channel-status.js';
import { cooldownText, useCooldownClock } from '../../lib/cooldown.js';
import { formatWhen } from '../../lib/when.js';

export function StatusCell({ channel, onToggle, onShowKeys }: { channel: ChannelView; onToggle: (enabled: boolean) => void; onShowKeys: () => void }) {
  const status = statusOf(channel.status);
  const keysOff = channel.key_count > 1 ? channel.key_count - channel.enabled_key_count : 0;
  const now = useCooldownClock(channel.cooldown_until);
  const { t } = useTranslation('channels');
  return (
    <div className="status-cell">
      <Switch checked={channel.status === 1} label={t('status.enable', { name: channel.name })} onChange={onToggle} />
      <span className={`status status--${status.tone}`}>{status.text}</span>
      {channel.status !== 1 && channel.status_reason !== '' && (
        <span className="small reason channel-reason" data-testid={`status-reason-${channel.id}`}>
          {channel.status_reason}
          {channel.status_changed_at > 0 && <span className="muted"> · {formatWhen(channel.status_changed_at)}</span>}
        </span>
      )}
      {channel.status === 1 && channel.cooldown_until > now && (
        <span className="small reason" data-testid={`cooldown-${channel.id}`}>
          {cooldownText(channel.cooldown_until, channel.cooldown_failures, now)}
        </span>
      )}
      {channel.status === 1 && keysOff > 0 && (
        <button type="button" className="text-button small reason" onClick={onShowKeys}>
          {t('status.keysOff', { count: keysOff })}
          <span className="visually-hidden"> ({channel.name})</span>
        </button>
      )}
    </div>
  );
}
