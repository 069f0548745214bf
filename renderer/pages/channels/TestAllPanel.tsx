// The progress of a test of every channel, under the Channels page's header, with a link to
// the Tasks page; once it ends, its outcome.
import type { TaskView } from '../../api/admin.js';
import { Link } from '../../lib/router.js';
import { sentence } from '../../lib/sentence.js';
import { isActive } from './use-test-all.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

interface Props {
  task: TaskView | null;
  /** Why the test could not start, or was lost. */
  error: string | null;
  /** Why the last progress check failed, while it is retried. */
  retrying?: string | null;
  onDismiss: () => void;
}

export function TestAllPanel({ task, error, retrying = null, onDismiss }: Props) {
  if (task === null && error === null) return null;
  const active = task !== null && isActive(task);
  const tone = error !== null || task?.status === 'failed' ? 'error' : active ? 'running' : 'done';
  return (
    <section className={`test-all test-all--${tone}`} aria-label="Test of every channel" data-testid="test-all">
      <div className="test-all__text" role={tone === 'error' ? 'alert' : 'status'}>
        {task !== null && active && (
          <>
            <strong>Testing every channel…</strong> {task.done} of {plural(task.total, 'channel')} tested.
            {retrying !== null && <span className="test-all__retrying"> {retrying}</span>}
          </>
        )}
        {task !== null && task.status === 'succeeded' && (
          <>
            <strong>Tested {plural(task.total, 'channel')}:</strong> {sentence(task.result || 'done')} The response times and statuses below are up to date.
          </>
        )}
        {task !== null && task.status === 'failed' && (
          <>
            <strong>The test of every channel stopped:</strong> {sentence(task.error || 'no reason given')} Test the channels one by one to find the one at fault.
          </>
        )}
        {error !== null && <span className="test-all__error">{error}</span>}
      </div>
      {task !== null && (
        <progress className="test-all__bar" max={100} value={task.progress} aria-label="Channels tested">
          {task.progress}%
        </progress>
      )}
      <div className="test-all__actions">
        <Link to="/tasks">{active ? 'Follow it on the Tasks page' : 'See it on the Tasks page'}</Link>
        {!active && (
          <button type="button" className="button button--secondary button--small" onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </div>
    </section>
  );
}
