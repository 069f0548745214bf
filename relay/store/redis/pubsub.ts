import type { Redis } from 'ioredis';
import type { RedisClient } from './client.js';

// Messages between instances over Redis pub/sub: one subscriber connection per instance,
// shared by everything that listens (the change feed, cooldowns), channels named under the
// installation's prefix. Redis hands a message to every subscriber, this instance's too.
// Messages sent while a subscriber is cut off are lost: `onResubscribed` tells listeners to
// read afresh what they mirror.

export class RedisPubSub {
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly resubscribed = new Set<() => void>();
  private subscribing: Promise<unknown> = Promise.resolve();
  /** Messages may have been lost since the channels were last subscribed (see `connection()`). */
  private missed = false;

  constructor(private readonly client: RedisClient) {}

  async publish(channel: string, message: string): Promise<void> {
    await this.client.redis.publish(this.client.key('ch', channel), message).catch(this.client.failed);
  }

  /** Listens to `channel` (subscribing the first time); answers an unsubscribe. See `ready()`. */
  on(channel: string, handler: (message: string) => void): () => void {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      this.handlers.set(channel, (handlers = new Set()));
      this.subscribe([channel]);
    }
    handlers.add(handler);
    return () => void handlers.delete(handler);
  }

  /** Called after the subscriber reconnected and subscribed again (messages may have been missed); answers an unsubscribe. */
  onResubscribed(listener: () => void): () => void {
    this.resubscribed.add(listener);
    return () => void this.resubscribed.delete(listener);
  }

  /** Resolves once every channel listened to so far is subscribed (messages published after it are delivered); a 503 while Redis is down. */
  async ready(): Promise<void> {
    await this.subscribing.catch(this.client.failed);
  }

  private subscribe(channels: string[]): Promise<unknown> {
    const subscribed = this.connection().subscribe(...channels.map((channel) => this.client.key('ch', channel)));
    subscribed.catch(() => (this.missed = true)); // Redis down: subscribed again once it is back (below)
    return (this.subscribing = subscribed);
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = (this.subscriber = this.client.subscriber());
    const prefix = this.client.key('ch', '');
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
    });
    // Each time the connection is (again) up, every channel is subscribed once more: ioredis
    // resubscribes only what was subscribed before, not a SUBSCRIBE refused while it was down.
    // Once that is done, listeners hear of it if messages may have been missed meanwhile: the
    // connection was lost, or a subscription failed (Redis down at start or when it was asked).
    subscriber.on('close', () => (this.missed = this.handlers.size > 0 || this.missed));
    subscriber.on('ready', () => {
      setImmediate(() => {
        if (this.handlers.size === 0) return;
        this.subscribe([...this.handlers.keys()]).then(
          () => {
            if (!this.missed) return;
            this.missed = false;
            for (const listener of this.resubscribed) listener();
          },
          () => undefined,
        );
      });
    });
    return subscriber;
  }
}
