import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { type ChangePasswordInput, RECOVERY_MESSAGES, changePasswordSchema } from '../../../../shared/account-recovery';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { showRefusal, useSchemaForm, validateNewPassword } from '../../../lib/forms';
import { Dialog } from '../../../components/ui/Dialog';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields';

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in admin's username, for password managers. */
  username?: string;
}

/**
 * The signed-in admin changes their own password: the current one, the new one twice.
 * The admin's other sessions end; this one stays. Mounted fresh each time it opens.
 */
export function ChangePasswordModal({ open, onClose, username }: ChangePasswordModalProps) {
  const t = useT();
  return (
    <Dialog
      layout="panel"
      closeLabel={t('admin-catalog.modal.close')}
      open={open}
      onClose={onClose}
      title={t('admin.password.change')}
      widthClass="max-w-md"
    >
      {open && <ChangePasswordForm onClose={onClose} username={username} />}
    </Dialog>
  );
}

const EMPTY_FORM = { currentPassword: '', password: '', confirmPassword: '' };

/** Server refusals that concern one field. */
const FIELD_OF_MESSAGE = {
  [RECOVERY_MESSAGES.currentPasswordWrong]: 'currentPassword',
  [RECOVERY_MESSAGES.samePassword]: 'password',
};

function ChangePasswordForm({ onClose, username }: { onClose: () => void; username?: string }) {
  const t = useT();
  const form = useSchemaForm(changePasswordSchema, EMPTY_FORM, { idPrefix: 'admin-password-' });
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (body: ChangePasswordInput) =>
      apiPost<{ message?: string }>('/api/admin/change-password', body, { auth: 'admin' }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validateNewPassword(form);
    if (!data) return;
    change.mutate(data, {
      onSuccess: (reply) => {
        toast.success(reply?.message || t('admin.password.changed'));
        // A one-time password is done with: the panel opens up.
        void client.invalidateQueries({ queryKey: ['admin', 'me'] });
        onClose();
      },
      onError: (error) => showRefusal(form, error, FIELD_OF_MESSAGE),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('admin.password.current')}
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
      {/* The admin's name for password managers, which file the new password under it (after the
          fields: the modal focuses its first input). */}
      {username && <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onClose} disabled={change.isPending}>
          {t('admin.password.cancel')}
        </Button>
        <Button type="submit" variant="secondary" loading={change.isPending}>
          {t('admin.password.change')}
        </Button>
      </div>
    </form>
  );
}
