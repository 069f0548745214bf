import { randomBytes } from 'node:crypto';
import type { VideoTaskView } from '../ir/video.js';
import type { State, VideoTaskRecord } from './schema.js';
import type { StateFile } from './state-file.js';

/** Finished tasks kept for reading back; the oldest finished go first. */
const KEEP_FINISHED = 1000;

export type NewVideoTask = Omit<VideoTaskRecord, 'id'>;

/** Video generation tasks: created when an upstream accepts one, followed until they end. */
export interface VideoTaskStore {
  get(id: string): VideoTaskRecord | undefined;
  /** Newest first; one key's when `tokenId` is given. */
  list(tokenId?: number): readonly VideoTaskRecord[];
  /** The tasks whose bill is open: what the poller follows. */
  live(): readonly VideoTaskRecord[];
  /** Saves a new task under a fresh public id; resolves once it is on disk. */
  create(task: NewVideoTask): Promise<VideoTaskRecord>;
  /** Changes a task; resolves (with it, or undefined when there is none) once the change is on disk. */
  update(id: string, change: (task: VideoTaskRecord) => void): Promise<VideoTaskRecord | undefined>;
  /** A change worth no write of its own (progress): written within a second, with the next change. */
  touch(id: string, change: (task: VideoTaskRecord) => void): void;
  delete(id: string): Promise<boolean>;
}

/** The reservations live tasks hold: the start-up recovery must not refund them. */
export function liveTaskReservations(data: Readonly<State>): Set<number> {
  return new Set(data.video_tasks.filter((task) => task.billing === 'open').map((task) => task.reservation_id));
}

/** A task's public id: `video_` and 128 random bits. */
export function newVideoTaskId(): string {
  return `video_${randomBytes(16).toString('hex')}`;
}

export function createStateVideoTaskStore(state: StateFile): VideoTaskStore {
  const find = (data: Readonly<State>, id: string) => data.video_tasks.find((task) => task.id === id);
  return {
    get: (id) => find(state.data, id),
    list: (tokenId) => state.data.video_tasks.filter((task) => tokenId === undefined || task.token_id === tokenId).reverse(),
    live: () => state.data.video_tasks.filter((task) => task.billing === 'open'),
    create(task) {
      return state.update((data) => {
        const record: VideoTaskRecord = { id: newVideoTaskId(), ...task };
        data.video_tasks.push(record);
        prune(data);
        return record;
      });
    },
    update(id, change) {
      return state.update((data) => {
        const task = find(data, id);
        if (task) change(task);
        return task;
      });
    },
    touch(id, change) {
      state.touch((data) => {
        const task = find(data, id);
        if (task) change(task);
      });
    },
    delete(id) {
      return state.update((data) => {
        const index = data.video_tasks.findIndex((task) => task.id === id);
        if (index < 0) return false;
        data.video_tasks.splice(index, 1);
        return true;
      });
    },
  };
}

/** A task as its caller sees it. */
export function videoTaskView(task: VideoTaskRecord): VideoTaskView {
  return {
    id: task.id,
    model: task.model,
    status: task.status,
    progress: task.progress,
    createdAt: task.created_at,
    finishedAt: task.finished_at,
    expiresAt: task.expires_at,
    seconds: task.seconds,
    size: task.size,
    error: task.error,
  };
}

function prune(data: State): void {
  let finished = data.video_tasks.filter((task) => task.billing !== 'open').length;
  if (finished <= KEEP_FINISHED) return;
  data.video_tasks = data.video_tasks.filter((task) => task.billing === 'open' || finished-- <= KEEP_FINISHED);
}
