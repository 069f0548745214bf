import { useTranslation } from 'react-i18next';
import { listVideoTasks, type VideoTaskView } from '../../api/admin.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { useList, useReloadWhile } from '../../hooks/use-list.js';
import { formatWhen } from '../../lib/when.js';

const PAGE_SIZE = 10;
const REFRESH_MS = 3000;

const STATUS_TONE: Record<VideoTaskView['status'], string> = { queued: 'off', in_progress: 'warn', completed: 'ok', failed: 'warn' };

/** Video tasks (/v1/videos) of every key with their progress; refreshes itself while one runs. */
export function VideoTasksTable() {
  const { page, setPage, data, loading, error, reload } = useList(listVideoTasks, PAGE_SIZE, 'video tasks');
  const active = data?.items.some((t) => t.billing === 'open') ?? false;

  useReloadWhile(active, reload, REFRESH_MS);
  const { t: tr } = useTranslation('admin');

  const columns: Column<VideoTaskView>[] = [
    {
      key: 'video',
      header: tr('videos.columns.video'),
      render: (t) => (
        <div className="stack">
          <strong>{t.model}</strong>
          <span className="muted small">
            {tr('videos.spec', { seconds: t.seconds, size: t.size })} · <code>{t.id}</code>
          </span>
          {t.error && <span className="muted small">{`${t.error.code}: ${t.error.message}`}</span>}
        </div>
      ),
    },
    {
      key: 'progress',
      header: tr('tasks.columns.progress'),
      render: (t) => (
        <div className="stack">
          <progress max={100} value={t.progress} aria-label={tr('videos.progressOf', { id: t.id })}>
            {t.progress}%
          </progress>
          <span className="small muted">{t.progress}%</span>
        </div>
      ),
    },
    { key: 'status', header: tr('tasks.columns.status'), render: (t) => <span className={`status status--${STATUS_TONE[t.status]}`}>{tr(`videos.status.${t.status}`)}</span> },
    { key: 'billing', header: tr('videos.columns.quota'), render: (t) => tr(`videos.billing.${t.billing}`) },
    { key: 'key', header: tr('videos.columns.key'), numeric: true, render: (t) => `#${t.token_id}` },
    { key: 'created', header: tr('tasks.columns.created'), render: (t) => formatWhen(t.created_at) },
    { key: 'finished', header: tr('tasks.columns.finished'), render: (t) => formatWhen(t.finished_at) },
  ];

  return (
    <section className="stack" aria-labelledby="video-tasks-heading">
      <h2 id="video-tasks-heading" className="section-title">
        {tr('videos.title')}
      </h2>
      <DataTable
        caption={tr('videos.title')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={tr('videos.none')}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
    </section>
  );
}
