import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { RelayError } from '../ir/relay-error.js';
import { isFinishedVideo } from '../ir/video.js';
import type { VideoCodec } from '../protocols/openai-chat/video-codec.js';
import { callSettings } from '../settings.js';
import type { VideoTaskRecord } from '../store/schema.js';
import { videoTaskView } from '../store/video-tasks.js';
import { byApiKeyWithoutQuota } from './account-queries.js';
import { authorizeBeforeBody } from './read-body.js';
import type { RelayDeps } from './relay-deps.js';
import { writeJson } from './send-upstream.js';
import { sendJobRequest, taskUpstream } from './video-upstream.js';

const VARIANTS = ['video', 'thumbnail', 'spritesheet'];
/** How long a deletion waits for the upstream. */
const DELETE_TIMEOUT_MS = 30_000;

export interface VideoTaskRoutes {
  retrieve: RelayRouteHandler;
  content: RelayRouteHandler;
  list: RelayRouteHandler;
  remove: RelayRouteHandler;
}

/**
 * The caller's video tasks, by the relay's own ids (`GET /v1/videos/{id}`, its `/content`,
 * the list, `DELETE`): a key sees only the tasks it created; any other id is 404. Reading
 * needs no quota left. Failures are answered in the error object by the relay router.
 */
export function videoTaskRoutes(codec: VideoCodec, deps: RelayDeps): VideoTaskRoutes {
  const own = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<VideoTaskRecord> => {
    const caller = authorizeBeforeBody(res, () => byApiKeyWithoutQuota(req, deps));
    const task = await deps.store.videoTasks.get(id);
    if (!task || task.token_id !== caller.token.id) throw new RelayError(404, 'not_found', `No video found with id '${id}'.`, 'video_not_found', 'video_id');
    return task;
  };

  return {
    retrieve: async (req, res, { id }) => writeJson(res, JSON.stringify(codec.encodeVideo(videoTaskView(await own(req, res, id!))))),

    list: async (req, res) => {
      const caller = authorizeBeforeBody(res, () => byApiKeyWithoutQuota(req, deps));
      const query = codec.decodeListQuery(new URL(req.url ?? '/', 'http://relay').searchParams);
      const newestFirst = await deps.store.videoTasks.list(caller.token.id);
      let tasks = query.order === 'asc' ? newestFirst.reverse() : newestFirst;
      if (query.after !== undefined) {
        const at = tasks.findIndex((task) => task.id === query.after);
        tasks = at < 0 ? [] : tasks.slice(at + 1); // nothing comes after an id the key does not have
      }
      writeJson(res, JSON.stringify(codec.encodeList(tasks.slice(0, query.limit).map(videoTaskView), tasks.length > query.limit)));
    },

    content: async (req, res, { id }) => {
      const task = await own(req, res, id!);
      const variant = new URL(req.url ?? '/', 'http://relay').searchParams.get('variant') ?? undefined;
      if (variant !== undefined && !VARIANTS.includes(variant)) throw new RelayError(400, 'invalid_request', `Invalid 'variant': expected one of ${VARIANTS.join(', ')}.`, 'invalid_value', 'variant');
      if (task.status !== 'completed') {
        const why = task.status === 'failed' ? 'failed, so it has no content' : `is ${task.status.replace('_', ' ')} (${task.progress}%): its content is there once it is completed`;
        throw new RelayError(400, 'invalid_request', `The video ${task.id} ${why}.`, task.status === 'failed' ? 'video_failed' : 'video_not_ready', 'video_id');
      }
      const upstream = await taskUpstream(task, deps);
      if (!upstream) throw new RelayError(502, 'upstream', 'The channel that made this video was deleted or lost the key it was made with.', 'channel_unavailable');
      const settings = callSettings(deps.store.catalog);
      const clientGone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) clientGone.abort();
      });
      const sent = await sendJobRequest(upstream, 'content', task, { timeoutMs: settings.stream_idle_timeout_seconds * 1000, signal: clientGone.signal, variant });
      if (!sent.ok) throw RelayError.from(sent.error);
      const { headers, body } = sent.response;
      const length = headers['content-length'];
      res.writeHead(200, {
        'content-type': String(headers['content-type'] ?? 'video/mp4'),
        ...(length === undefined ? {} : { 'content-length': String(length) }),
      });
      // The bytes go through as they arrive; a client that leaves ends the download upstream.
      await pipeline(body, res).catch(() => res.destroy());
    },

    remove: async (req, res, { id }) => {
      const task = await own(req, res, id!);
      // Until its bill is closed a task is still followed, whatever the upstream said last.
      if (task.billing === 'open' || !isFinishedVideo(task.status)) {
        throw new RelayError(400, 'invalid_request', `Only a completed or failed video can be deleted; ${task.id} is ${task.status.replace('_', ' ')}.`, 'video_not_finished', 'video_id');
      }
      // The upstream's copy goes too; one it no longer has (a failed job, expired files) is gone already.
      const upstream = await taskUpstream(task, deps);
      if (upstream) {
        const sent = await sendJobRequest(upstream, 'delete', task, { timeoutMs: DELETE_TIMEOUT_MS });
        if (sent.ok) await sent.response.body.dump();
        else if (sent.error.status !== 404) throw RelayError.from(sent.error);
      }
      await deps.store.videoTasks.delete(task.id);
      writeJson(res, JSON.stringify(codec.encodeDeleted(task.id)));
    },
  };
}
