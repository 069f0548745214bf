import { RelayError } from '../ir/relay-error.js';
import { audioAdapterFor } from '../providers/registry.js';
import type { AudioAdapter } from '../providers/types.js';
import type { ChannelRecord } from '../store/schema.js';

/**
 * The audio endpoints of `channel`'s upstream, or the refusal of a channel told to serve
 * audio whose kind has none (Gemini, Anthropic…): such a channel is left out of the call,
 * and answers 400 `audio_not_supported` only when no other channel serves the model.
 */
export function audioEndpoints(channel: ChannelRecord): AudioAdapter | RelayError {
  return audioAdapterFor(channel) ?? new RelayError(400, 'invalid_request', `The channel ${channel.name} has no audio endpoint.`, 'audio_not_supported');
}

/** The lifecycle's refusal: none when the channel has audio endpoints. */
export function audioRefusal(channel: ChannelRecord): RelayError | undefined {
  const endpoints = audioEndpoints(channel);
  return endpoints instanceof RelayError ? endpoints : undefined;
}

/** The adapter of a channel that passed `audioRefusal`. */
export function audioAdapterOf(channel: ChannelRecord): AudioAdapter {
  const endpoints = audioEndpoints(channel);
  if (endpoints instanceof RelayError) throw endpoints;
  return endpoints;
}
