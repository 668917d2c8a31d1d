import { type FormEvent, useState } from 'react';
import { ADMIN_ROLES, type AdminRole, type StaffMember } from '../../../../shared/staff-roles';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { type MessageId, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ActionsTable } from '../ui/ActionsTable';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useStaff } from './api';

const ROLE_HINT: Record<AdminRole, MessageId> = {
  owner: 'admin-staff.roleHint.owner',
  manager: 'admin-staff.roleHint.manager',
  staff: 'admin-staff.roleHint.staff',
};

export const ROLE_LABEL: Record<AdminRole, MessageId> = {
  owner: 'admin-staff.role.owner',
  manager: 'admin-staff.role.manager',
  staff: 'admin-staff.role.staff',
};

/**
 * The owner's Staff tab: who may sign in to the panel and with which role, whether each must use
 * two-factor sign-in, and a new account's one-time password, shown once.
 */
export function StaffPanel() {
  const t = useT();
  const staff = useStaff();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const rows = staff.list.data?.staff ?? [];
  const change = (member: StaffMember, body: { role?: AdminRole; totpRequired?: boolean }) =>
    staff.update.mutate(
      { id: member.id, ...body },
      {
        onSuccess: () => toast.success(t('admin-staff.updated', { username: member.username })),
        onError: (error) => toast.error(errorMessage(error, t('admin-staff.failed'))),
      },
    );
  return (
    <section className="space-y-6" aria-labelledby="staff-heading">
      <div>
        <h2 id="staff-heading" className="text-lg font-semibold text-slate-900">
          {t('admin.tabs.staff')}
        </h2>
        <p className="text-sm text-slate-600">{t('admin-staff.intro')}</p>
      </div>
      <AddStaffForm />
      {staff.list.isError && <p role="alert">{t('admin-staff.loadFailed')}</p>}
      <ActionsTable
        headings={[t('admin-staff.username'), t('admin-staff.role'), t('admin-staff.twoFactor')]}
        actionsHeading={t('admin-staff.actions')}
      >
        {rows.map((member) => (
          <tr key={member.id} className="border-t border-slate-200" data-testid={`staff-row-${member.username}`}>
            <td className="py-2 pr-3 font-medium">
              {member.username}
              {member.mustChangePassword && (
                <span className="block text-xs font-normal text-amber-800">{t('admin-staff.firstSignIn')}</span>
              )}
            </td>
            <td className="py-2 pr-3">
              <label className="sr-only" htmlFor={`role-${member.id}`}>
                {t('admin-staff.roleOf', { username: member.username })}
              </label>
              <select
                id={`role-${member.id}`}
                value={member.role}
                onChange={(event) => change(member, { role: event.target.value as AdminRole })}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                {ADMIN_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(ROLE_LABEL[role])}
                  </option>
                ))}
              </select>
            </td>
            <td className="py-2 pr-3">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={member.totpRequired}
                  onChange={(event) => change(member, { totpRequired: event.target.checked })}
                  className="size-4"
                />
                <span>{t('admin-staff.required')}</span>
              </label>
              <span className="block text-xs text-slate-600">
                {member.totpOn ? t('admin-staff.totpOn') : t('admin-staff.totpOff')}
              </span>
            </td>
            <td className="py-2 text-right">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setRemoving(member)}
                aria-label={t('admin-staff.removeLabel', { username: member.username })}
              >
                {t('admin-staff.remove')}
              </Button>
            </td>
          </tr>
        ))}
      </ActionsTable>
      <ConfirmDialog
        open={removing !== null}
        title={t('admin-staff.removeTitle', { username: removing?.username ?? '' })}
        confirmLabel={t('admin-staff.remove')}
        pending={staff.remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          staff.remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(t('admin-staff.removed', { username: removing.username }));
              setRemoving(null);
            },
            onError: (error) => {
              toast.error(errorMessage(error, t('admin-staff.failed')));
              setRemoving(null);
            },
          })
        }
      >
        {t('admin-staff.removeBody')}
      </ConfirmDialog>
    </section>
  );
}

function AddStaffForm() {
  const t = useT();
  const { create } = useStaff();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<AdminRole>('staff');
  const [totpRequired, setTotpRequired] = useState(false);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(
      { username: username.trim(), role, totpRequired },
      {
        onSuccess: (reply) => {
          setCreated({ username: reply.staff.username, password: reply.password });
          setUsername('');
        },
        onError: (failure) => setError(errorMessage(failure, t('admin-staff.failed'))),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{t('admin-staff.add')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin-staff.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={error}
        />
        <SelectField label={t('admin-staff.role')} value={role} onChange={(event) => setRole(event.target.value as AdminRole)}>
          {ADMIN_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(ROLE_LABEL[value])}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-600">{t(ROLE_HINT[role])}</p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={totpRequired}
          onChange={(event) => setTotpRequired(event.target.checked)}
          className="size-4"
        />
        {t('admin-staff.requireTotp')}
      </label>
      <Button type="submit" variant="secondary" loading={create.isPending}>
        {t('admin-staff.create')}
      </Button>
      {created && (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          <p>{t('admin-staff.oneTime', { username: created.username })}</p>
          <p className="mt-2 font-mono text-base font-semibold break-all" data-testid="one-time-password">
            {created.password}
          </p>
        </div>
      )}
    </form>
  );
}
