// The progress of a test of every channel, under the Channels page's header, with a link to
// the Tasks page; once it ends, its outcome.
import { Trans, useTranslation } from 'react-i18next';
import type { TaskView } from '../../api/admin.js';
import { Link } from '../../lib/router.js';
import { sentence } from '../../lib/sentence.js';
import { isActive } from './use-test-all.js';

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
  const { t } = useTranslation('channels');
  const tone = error !== null || task?.status === 'failed' ? 'error' : active ? 'running' : 'done';
  return (
    <section className={`test-all test-all--${tone}`} aria-label={t('testAll.label')} data-testid="test-all">
      <div className="test-all__text" role={tone === 'error' ? 'alert' : 'status'}>
        {task !== null && active && (
          <>
            <Trans t={t} i18nKey="testAll.running" values={{ done: task.done, count: task.total }} components={{ strong: <strong /> }} />
            {retrying !== null && <span className="test-all__retrying"> {retrying}</span>}
          </>
        )}
        {task !== null && task.status === 'succeeded' && (
          <>
            <Trans t={t} i18nKey="testAll.succeeded" values={{ count: task.total, result: sentence(task.result || t('testAll.done')) }} components={{ strong: <strong /> }} />
          </>
        )}
        {task !== null && task.status === 'failed' && (
          <>
            <Trans t={t} i18nKey="testAll.failed" values={{ reason: sentence(task.error || t('testAll.noReason')) }} components={{ strong: <strong /> }} />
          </>
        )}
        {error !== null && <span className="test-all__error">{error}</span>}
      </div>
      {task !== null && (
        <progress className="test-all__bar" max={100} value={task.progress} aria-label={t('testAll.progress')}>
          {task.progress}%
        </progress>
      )}
      <div className="test-all__actions">
        <Link to="/tasks">{active ? t('testAll.follow') : t('testAll.see')}</Link>
        {!active && (
          <button type="button" className="button button--secondary button--small" onClick={onDismiss}>
            {t('testAll.dismiss')}
          </button>
        )}
      </div>
    </section>
  );
}
