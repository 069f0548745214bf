import type { ChangeFeed, ChangeTopic } from '../ports.js';
import type { RedisPubSub } from './pubsub.js';

// What changed, told to every instance over pub/sub (channel `changes` of the installation).
// A change published here is delivered here too, through Redis, like anyone's: a cache
// refreshes the same way whoever made the change. After the subscriber reconnects, every
// listener hears every topic without an id (anything may have changed meanwhile).

/** Every topic, checked against ChangeTopic by the compiler: what a message may name. */
const TOPICS: Record<ChangeTopic, true> = {
  users: true,
  tokens: true,
  channels: true,
  groups: true,
  suppliers: true,
  models: true,
  settings: true,
  sessions: true,
  cooldowns: true,
  video_tasks: true,
};

export function redisChangeFeed(pubsub: RedisPubSub): ChangeFeed {
  return {
    async publish(topic, id) {
      await pubsub.publish('changes', id === undefined ? topic : `${topic} ${id}`);
    },
    subscribe(listener) {
      const off = pubsub.on('changes', (message) => {
        const space = message.indexOf(' ');
        const topic = space < 0 ? message : message.slice(0, space);
        if (Object.hasOwn(TOPICS, topic)) listener(topic as ChangeTopic, space < 0 ? undefined : message.slice(space + 1));
      });
      const offResubscribed = pubsub.onResubscribed(() => {
        for (const topic of Object.keys(TOPICS) as ChangeTopic[]) listener(topic);
      });
      return () => {
        off();
        offResubscribed();
      };
    },
  };
}
