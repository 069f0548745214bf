// Testing every channel as a background task: start it, follow its progress, and tell the
// page when it ends (so the table shows the new response times and statuses).
import { useEffect, useRef, useState } from 'react';
import { getTask, type TaskView } from '../../api/admin.js';
import { latestTestAll, testAllChannels } from '../../api/channels.js';
import { messageOf } from '../../hooks/use-list.js';

/** How often a running test is asked for its progress. */
export const POLL_MS = 1000;

export function isActive(task: TaskView): boolean {
  return task.status === 'queued' || task.status === 'running';
}

export function useTestAll(onFinished: (task: TaskView) => void) {
  const [task, setTask] = useState<TaskView | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

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

  useEffect(() => {
    if (task === null || !isActive(task)) return;
    const timer = window.setTimeout(() => {
      getTask(task.id).then(
        (next) => {
          setTask(next);
          if (!isActive(next)) finished.current(next);
        },
        (caught: unknown) => setError(`Lost track of the test: ${messageOf(caught, 'the relay did not answer')}. The Tasks page shows how it went.`),
      );
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [task]);

  async function start() {
    setStarting(true);
    setError(null);
    try {
      const started = await testAllChannels();
      setTask(started);
      if (!isActive(started)) finished.current(started);
    } catch (caught) {
      setError(`Could not start the test: ${messageOf(caught, 'the relay did not answer')}.`);
    } finally {
      setStarting(false);
    }
  }

  return { task, running: starting || (task !== null && isActive(task)), error, start, dismiss: () => { setTask(null); setError(null); } };
}
