import { listVideoTasks, type VideoTaskView } from '../../api/admin.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { useList, useReloadWhile } from '../../hooks/use-list.js';
import { formatWhen } from '../../lib/when.js';

const PAGE_SIZE = 10;
const REFRESH_MS = 3000;

const STATUS_TEXT: Record<VideoTaskView['status'], string> = { queued: 'Queued', in_progress: 'In progress', completed: 'Completed', failed: 'Failed' };
const STATUS_TONE: Record<VideoTaskView['status'], string> = { queued: 'off', in_progress: 'warn', completed: 'ok', failed: 'warn' };
const BILLING_TEXT: Record<VideoTaskView['billing'], string> = { open: 'Quota reserved', charged: 'Charged', refunded: 'Refunded' };

/** Video tasks (/v1/videos) of every key with their progress; refreshes itself while one runs. */
export function VideoTasksTable() {
  const { page, setPage, data, loading, error, reload } = useList(listVideoTasks, PAGE_SIZE, 'video tasks');
  const active = data?.items.some((t) => t.billing === 'open') ?? false;

  useReloadWhile(active, reload, REFRESH_MS);

  const columns: Column<VideoTaskView>[] = [
    {
      key: 'video',
      header: 'Video',
      render: (t) => (
        <div className="stack">
          <strong>{t.model}</strong>
          <span className="muted small">
            {t.seconds} s · {t.size} · <code>{t.id}</code>
          </span>
          {t.error && <span className="muted small">{`${t.error.code}: ${t.error.message}`}</span>}
        </div>
      ),
    },
    {
      key: 'progress',
      header: 'Progress',
      render: (t) => (
        <div className="stack">
          <progress max={100} value={t.progress} aria-label={`Progress of video ${t.id}`}>
            {t.progress}%
          </progress>
          <span className="small muted">{t.progress}%</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', render: (t) => <span className={`status status--${STATUS_TONE[t.status]}`}>{STATUS_TEXT[t.status]}</span> },
    { key: 'billing', header: 'Quota', render: (t) => BILLING_TEXT[t.billing] },
    { key: 'key', header: 'Key', numeric: true, render: (t) => `#${t.token_id}` },
    { key: 'created', header: 'Created', render: (t) => formatWhen(t.created_at) },
    { key: 'finished', header: 'Finished', render: (t) => formatWhen(t.finished_at) },
  ];

  return (
    <section className="stack" aria-labelledby="video-tasks-heading">
      <h2 id="video-tasks-heading" className="section-title">
        Video tasks
      </h2>
      <DataTable
        caption="Video tasks"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={<span>No video tasks. A video an API key asks for (POST /v1/videos) shows here until it is done.</span>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
    </section>
  );
}
