import { channelType } from '../lib/channel-types.js';

/** A small tinted square with a channel type's letters; decorative: the type's name is shown beside it. */
export function ChannelTypeBadge({ type }: { type: number }) {
  const info = channelType(type);
  return (
    <span className="type-badge" aria-hidden="true" style={info !== undefined ? { ['--type-hue' as string]: String(info.hue) } : undefined}>
      {info?.badge ?? '?'}
    </span>
  );
}
