import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { UserView } from '../../../relay/management/contract.js';
import { Role } from '../../../relay/management/contract.js';
import { listGroups } from '../../api/admin.js';
import { forgetVerification, liveVerification, type Verification } from '../../api/two-factor.js';
import { createUser, manageUser, setUserPassword, updateUser, userBudgets, type AdminUserView } from '../../api/users.js';
import { Alert } from '../../components/Alert.js';
import { Dialog } from '../../components/Dialog.js';
import { Field } from '../../components/Field.js';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { SelectField } from '../../components/FormFields.js';
import { LimitsFields, type BudgetLeft } from '../../components/LimitsFields.js';
import { VerifyDialog } from '../../components/VerifyDialog.js';
import { messageOf } from '../../hooks/use-list.js';
import { limitsBody, limitsErrors, limitsValuesOf } from '../../lib/limits-form.js';
import { quotaToUsdInput, usdInputToQuota, QUOTA_PER_USD } from '../../lib/money.js';

interface DialogProps<U> {
  user: U;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Runs a dialog's save: busy while it runs, the relay's refusal shown in the dialog. */
function useSave(onSaved: (message: string) => void) {
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('admin');
  async function save(run: () => Promise<string>) {
    setSubmitting(true);
    setServerError(null);
    try {
      onSaved(await run());
    } catch (caught) {
      setServerError(messageOf(caught, t('userDialogs.saveFailed')));
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, serverError, save };
}

/** Create a user, or edit one: display name, email, group, role (admins only by the root) and balance. */
export function UserDialog({ me, user, onClose, onSaved }: DialogProps<AdminUserView | null> & { me: UserView }) {
  const formId = useId();
  const isNew = user === null;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState(user?.display_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [group, setGroup] = useState(user?.group ?? 'default');
  const [groups, setGroups] = useState<string[]>([user?.group ?? 'default']);
  const [role, setRole] = useState(String(user?.role ?? Role.common));
  const [balance, setBalance] = useState(quotaToUsdInput(user?.quota ?? 0));
  const [limits, setLimits] = useState(limitsValuesOf(user?.limits));
  const [budgetsLeft, setBudgetsLeft] = useState<BudgetLeft[]>([]);
  const [attempted, setAttempted] = useState(false);
  const { submitting, serverError, save } = useSave(onSaved);
  const { t } = useTranslation('admin');

  useEffect(() => {
    listGroups(1, 100)
      .then((page) => setGroups((current) => [...new Set([...current, 'default', ...page.items.map((g) => g.name)])]))
      .catch(() => {});
    if (user) {
      userBudgets(user.id)
        .then(setBudgetsLeft)
        .catch(() => setBudgetsLeft([]));
    }
  }, [user]);

  const quota = usdInputToQuota(balance);
  const errors = {
    username: attempted && isNew && !/^[A-Za-z0-9_.-]{1,32}$/.test(username) ? t('auth:register.usernameRule') : null,
    password: attempted && isNew && (password.length < 8 || password.length > 128) ? t('auth:register.passwordRule') : null,
    balance: attempted && quota === null ? t('userDialogs.balanceRule') : null,
  };
  const limitErrors = attempted ? limitsErrors(limits) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (errors.username || errors.password || quota === null || (isNew && (password.length < 8 || !/^[A-Za-z0-9_.-]{1,32}$/.test(username)))) return;
    if (Object.keys(limitsErrors(limits)).length > 0) return;
    const fields = { display_name: displayName, email, group, role: Number(role), limits: limitsBody(limits) };
    void save(async () => {
      if (isNew) {
        const made = await createUser({ username, password, ...fields, quota });
        return t('userDialogs.created', { name: made.username });
      }
      await updateUser(user.id, { ...fields, quota });
      return t('userDialogs.saved', { name: user.username });
    });
  }

  const roles = [{ value: String(Role.common), label: t('userDialogs.common') }, ...(me.role === Role.root ? [{ value: String(Role.admin), label: t('users.role.admin') }] : [])];
  return (
    <Dialog
      open
      title={isNew ? t('userDialogs.addTitle') : t('users.editOne', { name: user.username })}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={isNew ? t('userDialogs.create') : t('common:actions.save')} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={submit} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        {isNew && <Field label={t('auth:login.username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} error={errors.username} autoFocus autoComplete="off" />}
        {isNew && <Field label={t('auth:login.password')} type="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} autoComplete="new-password" hint={t('userDialogs.passwordHint')} />}
        <Field label={t('profile:details.displayName')} value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} />
        <Field label={t('auth:register.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} hint={t('userDialogs.emailHint')} />
        <SelectField label={t('users.columns.group')} value={group} onChange={(e) => setGroup(e.currentTarget.value)} options={groups.map((name) => ({ value: name, label: name }))} />
        <SelectField label={t('users.columns.role')} value={role} onChange={(e) => setRole(e.currentTarget.value)} options={roles} />
        <Field label={t('userDialogs.balance')} inputMode="decimal" value={balance} onChange={(e) => setBalance(e.currentTarget.value)} error={errors.balance} hint={t('userDialogs.balanceHint')} />
        <LimitsFields values={limits} onChange={setLimits} errors={limitErrors} left={budgetsLeft} />
      </form>
    </Dialog>
  );
}

/** Adds to (or, negative, takes from) a user's balance. */
export function AddQuotaDialog({ user, onClose, onSaved }: DialogProps<AdminUserView>) {
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { submitting, serverError, save } = useSave(onSaved);
  const usd = Number(amount.trim());
  const valid = amount.trim() !== '' && Number.isFinite(usd) && usd !== 0;
  const { t } = useTranslation('admin');

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!valid) return;
    void save(async () => {
      const after = await manageUser(user.id, 'add_quota', Math.round(usd * QUOTA_PER_USD));
      return t('userDialogs.nowHas', { name: user.username, usd: quotaToUsdInput(after?.quota ?? 0) });
    });
  }

  return (
    <Dialog open title={t('users.addQuotaOne', { name: user.username })} onClose={onClose} footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={t('common:actions.add')} />}>
      <form id={formId} className="form form--dialog" onSubmit={submit} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label={t('userDialogs.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} autoFocus error={attempted && !valid ? t('userDialogs.amountRule') : null} hint={t('userDialogs.balanceNow', { usd: quotaToUsdInput(user.quota) })} />
      </form>
    </Dialog>
  );
}

/** Sets another user's password; their sessions end. */
export function SetPasswordDialog({ user, onClose, onSaved }: DialogProps<AdminUserView>) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { submitting, serverError, save } = useSave(onSaved);
  const valid = password.length >= 8 && password.length <= 128;

  const [verifying, setVerifying] = useState(false);
  const { t } = useTranslation('admin');

  function setWith(verification: Verification) {
    setVerifying(false);
    void save(async () => {
      try {
        await setUserPassword(user.id, password, verification);
      } catch (caught) {
        forgetVerification();
        throw caught;
      }
      return t('userDialogs.passwordChanged', { name: user.username });
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!valid) return;
    // A verification still running is used at once; otherwise the verification dialog first.
    const live = liveVerification();
    if (live !== null) setWith(live);
    else setVerifying(true);
  }

  if (verifying) return <VerifyDialog purpose={t('users.passwordOne', { name: user.username })} onVerified={(verification) => setWith(verification)} onCancel={() => setVerifying(false)} />;

  return (
    <Dialog open title={t('users.passwordOne', { name: user.username })} onClose={onClose} footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={t('userDialogs.setPassword')} />}>
      <form id={formId} className="form form--dialog" onSubmit={submit} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label={t('profile:password.new')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoFocus error={attempted && !valid ? t('auth:register.passwordRule') : null} />
      </form>
    </Dialog>
  );
}
