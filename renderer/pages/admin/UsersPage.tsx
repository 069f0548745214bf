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
const ROLE_NAMES: Record<number, string> = { [Role.common]: 'User', [Role.admin]: 'Admin', [Role.root]: 'Root' };

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
      done(ACTION_DONE[action].replace('%s', user.username));
    } catch (caught) {
      setFailure(messageOf(caught, `Could not ${action} ${user.username}.`));
    }
  }

  async function confirm(user: AdminUserView, action: 'delete' | 'reset_2fa') {
    setBusy(true);
    try {
      if (action === 'delete') await manageUser(user.id, 'delete');
      else await resetUserTwoFactor(user.id);
      done(action === 'delete' ? `Deleted ${user.username}.` : `Two-step verification and passkeys of ${user.username} removed.`);
    } catch (caught) {
      setDialog(null);
      setFailure(messageOf(caught, 'Could not do that.'));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<AdminUserView>[] = [
    {
      key: 'username',
      header: 'User',
      render: (u) => (
        <div className="stack">
          <strong>{u.username}</strong>
          <span className="muted small">{[u.display_name !== u.username ? u.display_name : '', u.email].filter(Boolean).join(' · ')}</span>
        </div>
      ),
    },
    { key: 'role', header: 'Role', render: (u) => ROLE_NAMES[u.role] ?? u.role },
    { key: 'status', header: 'Status', render: (u) => <span className={`status status--${u.status === 1 ? 'ok' : 'off'}`}>{u.status === 1 ? 'Enabled' : 'Disabled'}</span> },
    { key: 'group', header: 'Group', render: (u) => u.group },
    { key: 'quota', header: 'Balance', numeric: true, render: (u) => formatUsd(u.quota) },
    { key: 'used', header: 'Used', numeric: true, render: (u) => formatUsd(u.used_quota) },
    { key: 'limits', header: limitsHeader, render: (u) => <LimitsSummary limits={u.limits} /> },
    { key: 'invited', header: 'Invited (earned)', numeric: true, render: (u) => (u.aff_count > 0 ? `${u.aff_count} (${formatUsd(u.aff_history_quota)})` : '0') },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) =>
        me.role > u.role ? (
          <div className="row-actions row-actions--wrap">
            <button type="button" className="button button--secondary button--small" aria-label={`Edit ${u.username}`} onClick={() => setDialog({ kind: 'edit', user: u })}>
              Edit
            </button>
            <button type="button" className="button button--secondary button--small" aria-label={`${u.status === 1 ? 'Disable' : 'Enable'} ${u.username}`} onClick={() => void act(u, u.status === 1 ? 'disable' : 'enable')}>
              {u.status === 1 ? 'Disable' : 'Enable'}
            </button>
            {me.role === Role.root && (
              <button type="button" className="button button--secondary button--small" aria-label={`${u.role === Role.admin ? 'Demote' : 'Promote'} ${u.username}`} onClick={() => void act(u, u.role === Role.admin ? 'demote' : 'promote')}>
                {u.role === Role.admin ? 'Demote' : 'Make admin'}
              </button>
            )}
            <button type="button" className="button button--secondary button--small" aria-label={`Add quota to ${u.username}`} onClick={() => setDialog({ kind: 'quota', user: u })}>
              Add quota
            </button>
            <button type="button" className="button button--secondary button--small" aria-label={`Set the password of ${u.username}`} onClick={() => setDialog({ kind: 'password', user: u })}>
              Password
            </button>
            {(u.two_factor || u.passkeys > 0) && (
              <button type="button" className="button button--secondary button--small" aria-label={`Reset two-step verification of ${u.username}`} onClick={() => setDialog({ kind: 'confirm', user: u, action: 'reset_2fa' })}>
                Reset 2FA
              </button>
            )}
            <button type="button" className="button button--ghost-danger button--small" aria-label={`Delete ${u.username}`} onClick={() => setDialog({ kind: 'confirm', user: u, action: 'delete' })}>
              Delete
            </button>
          </div>
        ) : (
          <span className="muted small">{u.id === me.id ? 'You' : 'Higher or equal role'}</span>
        ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Users"
        lead="Everyone with an account. You may act on users of a lower role than yours; only the root makes admins."
        action={
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'edit', user: null })}>
            Add user
          </button>
        }
      />
      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}
      <SearchForm
        landmark="Users"
        noun="users"
        placeholder="A username, display name or email"
        search={search}
        onSearch={(text) => {
          setPage(1);
          setSearch(text);
        }}
      />
      <DataTable
        caption="Users"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(u) => String(u.id)}
        loading={loading}
        error={error}
        onRetry={() => void reload()}
        empty={search === '' ? <>No users yet.</> : <>No user matches “{search}”.</>}
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
        title={dialog?.kind === 'confirm' && dialog.action === 'delete' ? `Delete ${dialog.user.username}?` : 'Reset two-step verification?'}
        confirmLabel={dialog?.kind === 'confirm' && dialog.action === 'delete' ? 'Delete user' : 'Reset'}
        busy={busy}
        onConfirm={() => dialog?.kind === 'confirm' && void confirm(dialog.user, dialog.action)}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'confirm' && dialog.action === 'delete' ? (
          <p>They are signed out and their API keys stop working. Their logs and records stay.</p>
        ) : (
          <p>Their two-step verification and passkeys are removed: they sign in with the password alone until they set them up again.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}

const ACTION_DONE: Record<ManageAction, string> = {
  disable: 'Disabled %s: their sessions and API keys stopped working.',
  enable: 'Enabled %s.',
  delete: 'Deleted %s.',
  promote: '%s is an admin now.',
  demote: '%s is a common user now.',
  add_quota: 'Quota changed for %s.',
};
