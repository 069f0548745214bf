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

const KIND_TEXT: Record<string, string> = { [TEST_ALL_KIND]: 'Test every channel' };
const STATUS_TEXT: Record<TaskView['status'], string> = { queued: 'Queued', running: 'Running', succeeded: 'Succeeded', failed: 'Failed' };
const STATUS_TONE: Record<TaskView['status'], string> = { queued: 'off', running: 'warn', succeeded: 'ok', failed: 'warn' };

function duration(task: TaskView): string {
  if (task.started_at === 0) return '—';
  const end = task.finished_at > 0 ? task.finished_at : Date.now();
  const seconds = Math.max(0, (end - task.started_at) / 1000);
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** Background tasks (admin): what runs or ran, with progress; refreshes itself while something runs. */
export default function TasksPage() {
  const { page, setPage, data, loading, error, reload } = useList(listTasks, PAGE_SIZE, 'tasks');
  const active = data?.items.some((t) => t.status === 'running' || t.status === 'queued') ?? false;

  useReloadWhile(active, reload, REFRESH_MS);

  const columns: Column<TaskView>[] = [
    { key: 'id', header: 'Task', numeric: true, render: (t) => `#${t.id}` },
    {
      key: 'kind',
      header: 'What',
      render: (t) => (
        <div className="stack">
          <strong>{KIND_TEXT[t.kind] ?? t.kind}</strong>
          {t.result !== '' && <span className="muted small">{t.result}</span>}
          {t.error !== '' && <span className="muted small">{t.error}</span>}
        </div>
      ),
    },
    {
      key: 'progress',
      header: 'Progress',
      render: (t) => (
        <div className="stack">
          <progress max={100} value={t.progress} aria-label={`Progress of task ${t.id}`} data-testid={`task-progress-${t.id}`}>
            {t.progress}%
          </progress>
          <span className="small muted">
            {t.progress}% · {t.done} of {t.total}
          </span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', render: (t) => <span className={`status status--${STATUS_TONE[t.status]}`}>{STATUS_TEXT[t.status]}</span> },
    { key: 'created', header: 'Created', render: (t) => formatWhen(t.created_at) },
    { key: 'finished', header: 'Finished', render: (t) => formatWhen(t.finished_at) },
    { key: 'duration', header: 'Took', numeric: true, render: (t) => duration(t) },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Tasks"
        lead={<>Background work started from the console, such as testing every channel, and the videos API keys asked for. {active ? 'Refreshing while a task runs.' : ''}</>}
        action={
          <button type="button" className="button button--secondary" onClick={() => void reload()} disabled={loading}>
            Refresh
          </button>
        }
      />

      <DataTable
        caption="Background tasks"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={
          <div className="stack tasks-empty">
            <span>No background tasks since the relay started.</span>
            <span className="muted">
              Tasks start from the console: <strong>Test all channels</strong> on the Channels page tests every channel in the background, and its progress shows here.
            </span>
            <span>
              <Link to="/channels" className="button button--secondary button--small">
                Go to Channels
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
