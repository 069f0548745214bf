// Testing every channel as a background task: start it, follow its progress, and tell the
// page when it ends (so the table shows the new response times and statuses).
import { useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n/index.js';
import { getTask, type TaskView } from '../../api/admin.js';
import { latestTestAll, testAllChannels } from '../../api/channels.js';
import { ApiError } from '../../api/client.js';
import { messageOf } from '../../hooks/use-list.js';
import { sentence } from '../../lib/sentence.js';

/** How often a running test is asked for its progress. */
export const POLL_MS = 1000;
/** Progress checks failing in a row before the test counts as lost. */
export const MAX_POLL_FAILURES = 4;

export function isActive(task: TaskView): boolean {
  return task.status === 'queued' || task.status === 'running';
}

/** The wait before the next progress check after `failures` failed ones in a row: 1 s, then 2, 4, 8 s. */
export function pollDelay(failures: number): number {
  return POLL_MS * 2 ** failures;
}

/** Tasks live in the relay's memory: a 404 means it restarted (or the task was dropped). */

/** `onFinished` runs when the test ends or is lost, never after the page has gone. */
export function useTestAll(onFinished: () => void) {
  const [task, setTask] = useState<TaskView | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Why the last progress check failed, while it is being retried. */
  const [retrying, setRetrying] = useState<string | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A test still running (started before the page was opened) is followed too.
  useEffect(() => {
    let live = true;
    latestTestAll().then(
      (latest) => {
        if (live && latest !== null && isActive(latest)) setTask((current) => current ?? latest);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  // One chain of checks per followed task; a failed check is retried later, up to a point.
  const followed = task !== null && isActive(task) ? task.id : null;
  useEffect(() => {
    if (followed === null) return;
    let live = true;
    let timer = 0;
    const check = (failures: number) => {
      timer = window.setTimeout(() => {
        getTask(followed).then(
          (next) => {
            if (!live) return;
            setRetrying(null);
            setTask(next);
            if (isActive(next)) check(0);
            else finished.current();
          },
          (caught: unknown) => {
            if (!live) return;
            const reason = sentence(messageOf(caught, i18n.t('channels:testAll.noAnswer')));
            const gone = caught instanceof ApiError && caught.status === 404;
            if (gone || failures + 1 >= MAX_POLL_FAILURES) {
              setRetrying(null);
              setTask(null);
              setError(gone ? i18n.t('channels:testAll.gone') : i18n.t('channels:testAll.lost', { reason }));
              finished.current();
            } else {
              setRetrying(i18n.t('channels:testAll.retrying', { reason }));
              check(failures + 1);
            }
          },
        );
      }, pollDelay(failures));
    };
    check(0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [followed]);

  async function start() {
    setStarting(true);
    setError(null);
    setRetrying(null);
    try {
      const started = await testAllChannels();
      if (!mounted.current) return;
      setTask(started);
      if (!isActive(started)) finished.current();
    } catch (caught) {
      if (mounted.current) setError(i18n.t('channels:testAll.startFailed', { reason: sentence(messageOf(caught, i18n.t('channels:testAll.noAnswer'))) }));
    } finally {
      if (mounted.current) setStarting(false);
    }
  }

  function dismiss() {
    setTask(null);
    setError(null);
    setRetrying(null);
  }

  return { task, running: starting || followed !== null, error, retrying, start, dismiss };
}
