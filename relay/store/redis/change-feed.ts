import { randomBytes } from 'node:crypto';
import type { ChangeFeed, ChangeTopic } from '../ports.js';
import type { RedisPubSub } from './pubsub.js';

// What changed, told to every instance over pub/sub (channel `changes` of the installation):
// a topic and the ids of the records changed, or no ids when anything in the topic may have
// changed. A message is delivered to its sender too, through Redis, like anyone's; one sent
// by a writer that has already refreshed its own copy says so (`from`), and that instance
// skips it. After the subscriber reconnects, every listener hears every topic without ids
// (anything may have changed meanwhile).

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

/** The change feed with the records changed: what the server's call catalog listens to. */
export interface RowChangeFeed extends ChangeFeed {
  /** Tells every instance that the records `ids` of `topic` changed (undefined: any of them may have). `refreshedHere`: this instance's copy is up to date already, its echo is skipped. */
  publishRows(topic: ChangeTopic, ids: ReadonlyArray<string | number> | undefined, refreshedHere?: boolean): Promise<void>;
  /** `ids` undefined: the whole topic; `fromHere`: published by this instance with `refreshedHere`. Answers an unsubscribe. */
  subscribeRows(listener: (topic: ChangeTopic, ids: string[] | undefined, fromHere: boolean) => void): () => void;
}

interface Message {
  topic: string;
  ids?: string[];
  /** The instance that sent it having refreshed its copy already. */
  from?: string;
}

export function redisChangeFeed(pubsub: RedisPubSub, instance = randomBytes(8).toString('hex')): RowChangeFeed {
  const publishRows: RowChangeFeed['publishRows'] = async (topic, ids, refreshedHere = false) => {
    const message: Message = { topic, ...(ids ? { ids: ids.map(String) } : {}), ...(refreshedHere ? { from: instance } : {}) };
    await pubsub.publish('changes', JSON.stringify(message));
  };
  const subscribeRows: RowChangeFeed['subscribeRows'] = (listener) => {
    const off = pubsub.on('changes', (text) => {
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        return;
      }
      if (!Object.hasOwn(TOPICS, message.topic)) return;
      const ids = Array.isArray(message.ids) ? message.ids.map(String) : undefined;
      listener(message.topic as ChangeTopic, ids, message.from === instance);
    });
    const offResubscribed = pubsub.onResubscribed(() => {
      for (const topic of Object.keys(TOPICS) as ChangeTopic[]) listener(topic, undefined, false);
    });
    return () => {
      off();
      offResubscribed();
    };
  };
  return {
    publishRows,
    subscribeRows,
    publish: (topic, id) => publishRows(topic, id === undefined ? undefined : [id]),
    // The port's listener hears one id at a time.
    subscribe: (listener) =>
      subscribeRows((topic, ids) => {
        if (ids === undefined) listener(topic);
        else for (const id of ids) listener(topic, id);
      }),
  };
}
