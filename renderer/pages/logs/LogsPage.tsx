// Call and audit records: filters, a paged table, a detail drawer and a CSV export.
// Administrators can switch to everyone's records (`/api/log/`), filterable by channel.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportUrl, listLogs } from '../../api/logs.js';
import type { LogView } from '../../api/logs.js';
import { DataTable } from '../../components/DataTable.js';
import { useList } from '../../hooks/use-list.js';
import { isAdmin } from '../../lib/roles.js';
import type { PageProps } from '../registry.js';
import { useChannelOptions } from './channel-options.js';
import { LogDrawer } from './LogDrawer.js';
import { EMPTY_FORM, LogFilters, toFilter } from './LogFilters.js';
import type { FilterForm } from './LogFilters.js';
import { logColumns } from './LogTable.js';
import '../dashboard/dashboard.css';
import './logs.css';

const PAGE_SIZE = 20;

export default function LogsPage({ user }: PageProps) {
  const mayChoose = isAdmin(user);
  const [everyone, setEveryone] = useState(false);
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [open, setOpen] = useState<LogView | null>(null);
  const admin = mayChoose && everyone;
  const channels = useChannelOptions(admin);
  const { t } = useTranslation('logs');

  // The time range ends when the page is loaded: Refresh moves it to now.
  const load = useCallback((page: number, pageSize: number) => listLogs(toFilter(form), page, pageSize, admin), [form, admin]);
  const { page, setPage, data, loading, error, reload } = useList(load, PAGE_SIZE, 'records');
  const close = useCallback(() => setOpen(null), []);

  return (
    <section className="observe logs" aria-labelledby="logs-title">
      <div className="observe__head">
        <h1 id="logs-title">{t('common:nav.logs')}</h1>
        <div className="actions">
          {mayChoose && (
            <label className="toggle">
              <input
                type="checkbox"
                checked={everyone}
                onChange={(e) => {
                  setEveryone(e.target.checked);
                  setPage(1);
                }}
              />
              <span>{t('page.everyone')}</span>
            </label>
          )}
          <button type="button" className="button button--secondary button--small" onClick={() => void reload()}>
            {t('common:actions.refresh')}
          </button>
          <a className="button button--secondary button--small" href={exportUrl(toFilter(form), admin)} download>
            {t('page.export')}
          </a>
        </div>
      </div>
      <LogFilters
        initial={form}
        channels={admin ? channels : { status: 'off' }}
        onApply={(next) => {
          setForm(next);
          setPage(1);
        }}
      />
      <DataTable
        caption={t('page.caption')}
        columns={logColumns(admin, channels, setOpen, t)}
        rows={data?.items ?? null}
        rowKey={(record) => record.id}
        loading={loading}
        error={error === null ? null : t('page.loadFailed', { reason: error })}
        onRetry={() => void reload()}
        empty={t('page.empty')}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
        dense
      />
      {open && <LogDrawer record={open} admin={admin} channels={channels} onClose={close} />}
    </section>
  );
}
