import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { listTasks, type TaskView } from '../../api/admin.js';
import { TEST_ALL_KIND } from '../../api/channels.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useList, useReloadWhile } from '../../hooks/use-list.js';
import { Link } from '../../lib/router.js';
import { formatWhen } from '../../lib/when.js';
import { VideoTasksTable } from './VideoTasksTable.js';
import './tasks.css';

const PAGE_SIZE = 20;
const REFRESH_MS = 1500;

/** Task kinds with a name (`admin:tasks.kind.testAll`). */
const KIND_KEY: Record<string, string> = { [TEST_ALL_KIND]: 'testAll' };
const STATUS_TONE: Record<TaskView['status'], string> = { queued: 'off', running: 'warn', succeeded: 'ok', failed: 'warn' };

function duration(task: TaskView, t: TFunction<'admin'>): string {
  if (task.started_at === 0) return '—';
  const end = task.finished_at > 0 ? task.finished_at : Date.now();
  const seconds = Math.max(0, (end - task.started_at) / 1000);
  return seconds < 60 ? t('tasks.seconds', { s: seconds.toFixed(1) }) : t('tasks.minutes', { m: Math.floor(seconds / 60), s: Math.round(seconds % 60) });
}

/** Background tasks (admin): what runs or ran, with progress; refreshes itself while something runs. */
export default function TasksPage() {
  const { page, setPage, data, loading, error, reload } = useList(listTasks, PAGE_SIZE, 'tasks');
  const active = data?.items.some((t) => t.status === 'running' || t.status === 'queued') ?? false;

  useReloadWhile(active, reload, REFRESH_MS);
  const { t: tr } = useTranslation('admin');

  const columns: Column<TaskView>[] = [
    { key: 'id', header: tr('tasks.columns.task'), numeric: true, render: (t) => `#${t.id}` },
    {
      key: 'kind',
      header: tr('tasks.columns.what'),
      render: (t) => (
        <div className="stack">
          <strong>{KIND_KEY[t.kind] !== undefined ? tr(`tasks.kind.${KIND_KEY[t.kind]}`) : t.kind}</strong>
          {t.result !== '' && <span className="muted small">{t.result}</span>}
          {t.error !== '' && <span className="muted small">{t.error}</span>}
        </div>
      ),
    },
    {
      key: 'progress',
      header: tr('tasks.columns.progress'),
      render: (t) => (
        <div className="stack">
          <progress max={100} value={t.progress} aria-label={tr('tasks.progressOf', { id: t.id })} data-testid={`task-progress-${t.id}`}>
            {t.progress}%
          </progress>
          <span className="small muted">
            {tr('tasks.progress', { progress: t.progress, done: t.done, total: t.total })}
          </span>
        </div>
      ),
    },
    { key: 'status', header: tr('tasks.columns.status'), render: (t) => <span className={`status status--${STATUS_TONE[t.status]}`}>{tr(`tasks.status.${t.status}`)}</span> },
    { key: 'created', header: tr('tasks.columns.created'), render: (t) => formatWhen(t.created_at) },
    { key: 'finished', header: tr('tasks.columns.finished'), render: (t) => formatWhen(t.finished_at) },
    { key: 'duration', header: tr('tasks.columns.took'), numeric: true, render: (t) => duration(t, tr) },
  ];

  return (
    <div className="page">
      <PageHeader
        title={tr('common:nav.tasks')}
        lead={active ? `${tr('tasks.lead')} ${tr('tasks.refreshing')}` : tr('tasks.lead')}
        action={
          <button type="button" className="button button--secondary" onClick={() => void reload()} disabled={loading}>
            {tr('common:actions.refresh')}
          </button>
        }
      />

      <DataTable
        caption={tr('tasks.caption')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={
          <div className="stack tasks-empty">
            <span>{tr('tasks.none')}</span>
            <span className="muted">
              <Trans t={tr} i18nKey="tasks.howTo" components={{ strong: <strong /> }} />
            </span>
            <span>
              <Link to="/channels" className="button button--secondary button--small">
                {tr('tasks.goChannels')}
              </Link>
            </span>
          </div>
        }
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      <VideoTasksTable />
    </div>
  );
}
