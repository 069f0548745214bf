/**
 * Follows every video task until it ends: polls its upstream job with backoff, keeps its
 * status and progress, and closes its bill once: a completed video is charged by its seconds
 * (consume record), a failed one, or one not finished within `video_task_timeout_seconds`, is
 * refunded (error record with the reason). Tasks are the store's, so a restart resumes them
 * (`resume`); one task is never polled twice at once.
 */
import { randomUUID } from 'node:crypto';
import { quotaFor } from '../billing/quota-math.js';
import type { VideoError, VideoJob } from '../ir/video.js';
import type { RelayDeps, VideoFollower } from '../pipeline/relay-deps.js';
import { jobJson, sendJobRequest, taskUpstream } from '../pipeline/video-upstream.js';
import { callSettings } from '../settings.js';
import { LogType } from '../store/logs/index.js';
import type { VideoTaskRecord } from '../store/schema.js';

export type VideoPollerDeps = Pick<RelayDeps, 'store' | 'dispatchers' | 'log'>;

export interface VideoPollerTiming {
  /** The first wait after a task starts (and after a restart); each further wait is 1.5 times longer… */
  firstMs: number;
  /** …up to this. */
  maxMs: number;
}

const DEFAULT_TIMING: VideoPollerTiming = { firstMs: 2_000, maxMs: 15_000 };
/** How long one poll waits for the upstream. */
const POLL_TIMEOUT_MS = 30_000;
/** How often, with several instances, the live tasks are looked for again. */
const RESCAN_MS = 10_000;

export class VideoPoller implements VideoFollower {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  /** Polls so far per task: the backoff. */
  private readonly polls = new Map<string, number>();
  private stopped = false;
  /** This poller, as the holder of a task's lease: one instance polls a task at a time. */
  private readonly holder = randomUUID();
  private rescan: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: VideoPollerDeps,
    private readonly timing: VideoPollerTiming = DEFAULT_TIMING,
  ) {}

  /**
   * Follows every task whose bill is open: at start, the ones the last run left. With several
   * instances (server mode), again every RESCAN_MS: a task whose instance stopped is taken over.
   */
  async resume(): Promise<void> {
    for (const task of await this.deps.store.videoTasks.live()) this.schedule(task.id);
    if (this.deps.store.mode === 'server' && !this.rescan) {
      this.rescan = setInterval(() => void this.resume().catch((error: unknown) => this.deps.log.error(`video tasks: ${(error as Error)?.message ?? error}`)), RESCAN_MS);
      this.rescan.unref();
    }
  }

  follow(id: string): void {
    this.schedule(id);
  }

  /** No new poll starts; resolves when the running ones have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.rescan);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running.values()]);
  }

  private schedule(id: string): void {
    if (this.stopped || this.timers.has(id) || this.running.has(id)) return;
    const polls = this.polls.get(id) ?? 0;
    const wait = Math.min(this.timing.maxMs, this.timing.firstMs * 1.5 ** polls);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.run(id);
    }, wait);
    timer.unref();
    this.timers.set(id, timer);
  }

  private run(id: string): void {
    if (this.stopped || this.running.has(id)) return;
    this.polls.set(id, (this.polls.get(id) ?? 0) + 1);
    const poll = this.poll(id)
      .then((open) => {
        this.running.delete(id);
        if (open) this.schedule(id);
        else this.polls.delete(id);
      })
      .catch((error: unknown) => {
        this.running.delete(id);
        this.deps.log.error(`video task ${id}: ${(error as Error)?.stack ?? error}`);
        this.schedule(id); // tried again later: its bill may still be open
      });
    this.running.set(id, poll);
  }

  /** Answers whether the task's bill is still open (to be polled again); another instance polling it now: later. */
  private async poll(id: string): Promise<boolean> {
    const lease = `video:${id}`;
    if (!(await this.deps.store.leases.acquire(lease, this.holder, POLL_TIMEOUT_MS * 2))) return true;
    try {
      return await this.pollHeld(id);
    } finally {
      await this.deps.store.leases.release(lease, this.holder).catch(() => {});
    }
  }

  private async pollHeld(id: string): Promise<boolean> {
    const task = await this.deps.store.videoTasks.get(id);
    if (!task || task.billing !== 'open') return false;
    const upstream = await taskUpstream(task, this.deps);
    if (!upstream) return this.fail(task, { code: 'channel_unavailable', message: 'The channel that took this video was deleted or lost the key it was made with.' });
    const answer = await sendJobRequest(upstream, 'status', task, { timeoutMs: POLL_TIMEOUT_MS });
    if (answer.ok) {
      const job = upstream.adapter.parseJob(await jobJson(answer.response).catch(() => undefined));
      if (job?.status === 'completed') return this.complete(task, job);
      if (job?.status === 'failed') return this.fail(task, job.error ?? { code: 'video_failed', message: 'The upstream could not generate the video.' });
      if (job && (job.status !== task.status || job.progress !== task.progress)) await this.deps.store.videoTasks.update(id, { status: job.status, progress: job.progress });
    } else if (answer.error.status >= 400 && answer.error.status < 500 && answer.error.status !== 408 && answer.error.status !== 429) {
      // The upstream will not tell this key about the job again (gone, key revoked): it is over.
      return this.fail(task, { code: answer.error.code || 'upstream_error', message: answer.error.message });
    }
    const timeout = callSettings(this.deps.store.catalog).video_task_timeout_seconds;
    if (Date.now() >= task.created_at + timeout * 1000) {
      return this.fail(task, { code: 'video_timeout', message: `The video did not finish within ${timeout} s.` });
    }
    return true;
  }

  /** Charged by the seconds and size the upstream made (else those asked), at the price of its creation. */
  private async complete(task: VideoTaskRecord, job: VideoJob): Promise<false> {
    const now = Date.now();
    const seconds = job.seconds ?? Number(task.seconds);
    const units = { ...task.log.units, seconds };
    const size = job.size ?? (task.size || undefined);
    const cost = task.price ? quotaFor({ inputTokens: 0, outputTokens: 0, units, size }, task.price, task.group_ratio) : 0;
    const { quota, logs, videoTasks } = this.deps.store;
    // Closed already (a restart came between the charge and this task's update) it does nothing: never charged twice.
    const log = logs.encode({ ...task.log, created_at: now, units, quota: cost, total_ms: now - task.created_at, other: { ...task.log.other, video_id: task.id } });
    await quota.settle(task.reservation_id, cost, task.channel_id, log);
    await videoTasks.update(task.id, {
      status: 'completed',
      progress: 100,
      seconds: String(seconds),
      finished_at: now,
      billing: 'charged',
      ...(job.size ? { size: job.size } : {}),
      ...(job.expiresAt ? { expires_at: job.expiresAt } : {}),
    });
    return false;
  }

  /** Refunded whole and logged as an error record with the reason. */
  private async fail(task: VideoTaskRecord, error: VideoError): Promise<false> {
    const now = Date.now();
    const { quota, logs, videoTasks } = this.deps.store;
    const reservation = await quota.held(task.reservation_id);
    if (reservation) {
      const reason = `video ${error.code}: ${error.message} Its quota was refunded.`;
      const log = logs.encode({ ...task.log, type: LogType.error, created_at: now, units: {}, quota: 0, total_ms: now - task.created_at, error: reason, other: { video_id: task.id, refunded_quota: reservation.amount } });
      await quota.refund(reservation.id, log);
    }
    await videoTasks.update(task.id, { status: 'failed', error, finished_at: now, billing: 'refunded' });
    return false;
  }
}
