import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { VIDEO_STATUSES } from '../ir/video.js';
import { Role } from './contract.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';
import { PageQuery, pageOf } from './schemas.js';

const TaskStatusSchema = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]);

export const TaskViewSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'What runs, e.g. channel_test_all' }),
  status: TaskStatusSchema,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  done: Type.Integer(),
  total: Type.Integer(),
  user_id: Type.Integer({ description: 'Who started it' }),
  created_at: Type.Integer({ description: 'ms' }),
  started_at: Type.Integer({ description: 'ms; 0 until it runs' }),
  finished_at: Type.Integer({ description: 'ms; 0 until it ends' }),
  error: Type.String({ description: 'Why it failed' }),
  result: Type.String({ description: 'Its outcome, once it ends' }),
});

const TaskListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(TaskStatusSchema),
  kind: Type.Optional(Type.String()),
});

const VideoTaskSchema = Type.Object({
  id: Type.String({ description: 'The public id callers use (GET /v1/videos/{id})' }),
  model: Type.String(),
  status: Type.Union(VIDEO_STATUSES.map((status) => Type.Literal(status))),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  seconds: Type.String({ description: 'Clip length, whole seconds' }),
  size: Type.String({ description: 'WIDTHxHEIGHT' }),
  user_id: Type.Integer(),
  token_id: Type.Integer({ description: 'The API key that created it' }),
  channel_id: Type.Integer(),
  created_at: Type.Integer({ description: 'ms' }),
  finished_at: Type.Integer({ description: 'ms; 0 until it ends' }),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  billing: Type.Union([Type.Literal('open'), Type.Literal('charged'), Type.Literal('refunded')], { description: 'Its quota: reserved while it runs, then charged or refunded' }),
});

const VideoTaskListQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Union(VIDEO_STATUSES.map((status) => Type.Literal(status)))) });

function page<T>(tasks: readonly T[], query: { p?: number; page_size?: number }) {
  const pageSize = query.page_size ?? 20;
  const current = query.p ?? 1;
  return { items: tasks.slice((current - 1) * pageSize, current * pageSize), total: tasks.length, page: current, page_size: pageSize };
}

/** Background tasks started from the console (this process's; newest first). */
export function taskRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/task',
      tag: 'tasks',
      access: 'admin',
      summary: 'Every background task (paged, newest first; filter by status and kind)',
      query: TaskListQuery,
      response: pageOf(TaskViewSchema),
      handler: ({ query }) => page(context.tasks.list({ status: query.status, kind: query.kind || undefined }), query),
    }),
    route({
      method: 'get',
      path: '/task/self',
      tag: 'tasks',
      access: 'user',
      summary: 'The background tasks the signed-in user started (paged, newest first)',
      query: TaskListQuery,
      response: pageOf(TaskViewSchema),
      handler: ({ query, user }) => page(context.tasks.list({ status: query.status, kind: query.kind || undefined, user_id: user.id }), query),
    }),
    route({
      method: 'get',
      path: '/task/video',
      tag: 'tasks',
      access: 'admin',
      summary: 'Video generation tasks of every key (paged, newest first; filter by status)',
      query: VideoTaskListQuery,
      response: pageOf(VideoTaskSchema),
      handler: async ({ query }) => {
        const listed = page((await context.store.videoTasks.list()).filter((task) => query.status === undefined || task.status === query.status), query);
        return { ...listed, items: listed.items.map(({ id, model, status, progress, seconds, size, user_id, token_id, channel_id, created_at, finished_at, error, billing }) => ({ id, model, status, progress, seconds, size, user_id, token_id, channel_id, created_at, finished_at, error, billing })) };
      },
    }),
    route({
      method: 'get',
      path: '/task/:id',
      tag: 'tasks',
      access: 'user',
      summary: 'One background task with its progress (administrators see every task, users their own)',
      response: TaskViewSchema,
      handler: ({ params, user }) => {
        const task = context.tasks.get(Number(params.id));
        if (!task || (task.user_id !== user.id && user.role < Role.admin)) throw new ApiError(404, `No task ${params.id}.`);
        return task;
      },
    }),
  ];
}
