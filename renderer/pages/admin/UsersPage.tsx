import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { manageUser, listUsers, resetUserTwoFactor, type AdminUserView, type ManageAction } from '../../api/users.js';
import { Role } from '../../../relay/management/contract.js';
import { Alert } from '../../components/Alert.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { LimitsSummary } from '../../components/LimitsFields.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { PageHeader } from '../../components/PageHeader.js';
import { SearchForm } from '../../components/SearchForm.js';
import { messageOf, useList } from '../../hooks/use-list.js';
import { formatUsd } from '../../lib/money.js';
import type { PageProps } from '../registry.js';
import { AddQuotaDialog, SetPasswordDialog, UserDialog } from './UserDialogs.js';

const PAGE_SIZE = 20;
/** Role names: `admin:users.role.<key>`. */
const ROLE_KEYS: Record<number, string> = { [Role.common]: 'user', [Role.admin]: 'admin', [Role.root]: 'root' };

type Dialogs = { kind: 'edit'; user: AdminUserView | null } | { kind: 'quota'; user: AdminUserView } | { kind: 'password'; user: AdminUserView } | { kind: 'confirm'; user: AdminUserView; action: 'delete' | 'reset_2fa' };

/** Users (admin): search, create, edit, and the manage actions on users of a lower role. */
export default function UsersPage({ user: me }: PageProps) {
  const [search, setSearch] = useState('');
  const load = useCallback((page: number, pageSize: number) => listUsers(page, pageSize, search), [search]);
  const { page, setPage, data, loading, error, reload } = useList(load, PAGE_SIZE, 'users');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [busy, setBusy] = useState(false);
  const limitsHeader = useTranslation('limits').t('column');
  const { t } = useTranslation('admin');

  const done = (message: string) => {
    setDialog(null);
    setFailure(null);
    setNotice(message);
    void reload(true);
  };

  async function act(user: AdminUserView, action: ManageAction) {
    setNotice(null);
    setFailure(null);
    try {
      await manageUser(user.id, action);
      done(t(`users.done.${action}`, { name: user.username }));
    } catch (caught) {
      setFailure(messageOf(caught, t(`users.failed.${action}`, { name: user.username })));
    }
  }

  async function confirm(user: AdminUserView, action: 'delete' | 'reset_2fa') {
    setBusy(true);
    try {
      if (action === 'delete') await manageUser(user.id, 'delete');
      else await resetUserTwoFactor(user.id);
      done(action === 'delete' ? t('users.done.delete', { name: user.username }) : t('users.done.reset2fa', { name: user.username }));
    } catch (caught) {
      setDialog(null);
      setFailure(messageOf(caught, t('users.couldNot')));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<AdminUserView>[] = [
    {
      key: 'username',
      header: t('users.columns.user'),
      render: (u) => (
        <div className="stack">
          <strong>{u.username}</strong>
          <span className="muted small">{[u.display_name !== u.username ? u.display_name : '', u.email].filter(Boolean).join(' · ')}</span>
        </div>
      ),
    },
    { key: 'role', header: t('users.columns.role'), render: (u) => (ROLE_KEYS[u.role] !== undefined ? t(`users.role.${ROLE_KEYS[u.role]}`) : u.role) },
    { key: 'status', header: t('users.columns.status'), render: (u) => <span className={`status status--${u.status === 1 ? 'ok' : 'off'}`}>{u.status === 1 ? t('suppliers.enabled') : t('suppliers.disabled')}</span> },
    { key: 'group', header: t('users.columns.group'), render: (u) => u.group },
    { key: 'quota', header: t('users.columns.balance'), numeric: true, render: (u) => formatUsd(u.quota) },
    { key: 'used', header: t('users.columns.used'), numeric: true, render: (u) => formatUsd(u.used_quota) },
    { key: 'limits', header: limitsHeader, render: (u) => <LimitsSummary limits={u.limits} /> },
    { key: 'invited', header: t('users.columns.invited'), numeric: true, render: (u) => (u.aff_count > 0 ? `${u.aff_count} (${formatUsd(u.aff_history_quota)})` : '0') },
    {
      key: 'actions',
      header: t('actions'),
      render: (u) =>
        me.role > u.role ? (
          <div className="row-actions row-actions--wrap">
            <button type="button" className="button button--secondary button--small" aria-label={t('users.editOne', { name: u.username })} onClick={() => setDialog({ kind: 'edit', user: u })}>
              {t('common:actions.edit')}
            </button>
            <button type="button" className="button button--secondary button--small" aria-label={t(u.status === 1 ? 'users.disableOne' : 'users.enableOne', { name: u.username })} onClick={() => void act(u, u.status === 1 ? 'disable' : 'enable')}>
              {u.status === 1 ? t('common:actions.disable') : t('common:actions.enable')}
            </button>
            {me.role === Role.root && (
              <button type="button" className="button button--secondary button--small" aria-label={t(u.role === Role.admin ? 'users.demoteOne' : 'users.promoteOne', { name: u.username })} onClick={() => void act(u, u.role === Role.admin ? 'demote' : 'promote')}>
                {u.role === Role.admin ? t('users.demote') : t('users.promote')}
              </button>
            )}
            <button type="button" className="button button--secondary button--small" aria-label={t('users.addQuotaOne', { name: u.username })} onClick={() => setDialog({ kind: 'quota', user: u })}>
              {t('users.addQuota')}
            </button>
            <button type="button" className="button button--secondary button--small" aria-label={t('users.passwordOne', { name: u.username })} onClick={() => setDialog({ kind: 'password', user: u })}>
              {t('users.password')}
            </button>
            {(u.two_factor || u.passkeys > 0) && (
              <button type="button" className="button button--secondary button--small" aria-label={t('users.reset2faOne', { name: u.username })} onClick={() => setDialog({ kind: 'confirm', user: u, action: 'reset_2fa' })}>
                {t('users.reset2fa')}
              </button>
            )}
            <button type="button" className="button button--ghost-danger button--small" aria-label={t('users.deleteOne', { name: u.username })} onClick={() => setDialog({ kind: 'confirm', user: u, action: 'delete' })}>
              {t('common:actions.delete')}
            </button>
          </div>
        ) : (
          <span className="muted small">{u.id === me.id ? t('users.you') : t('users.higher')}</span>
        ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('common:nav.users')}
        lead={t('users.lead')}
        action={
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'edit', user: null })}>
            {t('users.add')}
          </button>
        }
      />
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}
      <SearchForm
        landmark={t('common:nav.users')}
        noun={t('users.noun')}
        placeholder={t('users.placeholder')}
        search={search}
        onSearch={(text) => {
          setPage(1);
          setSearch(text);
        }}
      />
      <DataTable
        caption={t('common:nav.users')}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(u) => String(u.id)}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search === '' ? t('users.none') : t('users.noMatch', { search })}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
      {dialog?.kind === 'edit' && <UserDialog me={me} user={dialog.user} onClose={() => setDialog(null)} onSaved={done} />}
      {dialog?.kind === 'quota' && <AddQuotaDialog user={dialog.user} onClose={() => setDialog(null)} onSaved={done} />}
      {dialog?.kind === 'password' && <SetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} onSaved={done} />}
      <ConfirmDialog
        open={dialog?.kind === 'confirm'}
        title={dialog?.kind === 'confirm' && dialog.action === 'delete' ? t('users.confirmDelete', { name: dialog.user.username }) : t('users.confirmReset')}
        confirmLabel={dialog?.kind === 'confirm' && dialog.action === 'delete' ? t('users.deleteUser') : t('users.reset')}
        busy={busy}
        onConfirm={() => dialog?.kind === 'confirm' && void confirm(dialog.user, dialog.action)}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'confirm' && dialog.action === 'delete' ? (
          <p>{t('users.deleteText')}</p>
        ) : (
          <p>{t('users.resetText')}</p>
        )}
      </ConfirmDialog>
    </div>
  );
}

