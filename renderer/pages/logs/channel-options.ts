// Every channel by name, for the logs' channel filter and retry chains (administrators only).
import { useEffect, useRef, useState } from 'react';
import { listAll } from '../../api/admin.js';
import { listChannels } from '../../api/channels.js';

export interface ChannelName {
  id: number;
  name: string;
}

export type ChannelOptions = { status: 'off' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; channels: ChannelName[] };

async function allChannels(): Promise<ChannelName[]> {
  const channels = await listAll(listChannels, Number.POSITIVE_INFINITY);
  return channels.map(({ id, name }) => ({ id, name }));
}

/** Loads the channels once `enabled` (the everyone view) turns on. */
export function useChannelOptions(enabled: boolean): ChannelOptions {
  const [options, setOptions] = useState<ChannelOptions>({ status: 'off' });
  const started = useRef(false);
  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    setOptions({ status: 'loading' });
    allChannels()
      .then((channels) => setOptions({ status: 'ready', channels }))
      .catch((error: unknown) => setOptions({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
  }, [enabled]);
  return options;
}

/** "fake chat (#3)", or "#3" for a channel deleted since. */
export function channelLabel(id: number, options: ChannelOptions, known = ''): string {
  const name = known || (options.status === 'ready' ? options.channels.find((c) => c.id === id)?.name : undefined);
  return name ? `${name} (#${id})` : `#${id}`;
}
