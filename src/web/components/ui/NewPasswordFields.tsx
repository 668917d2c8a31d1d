import type { ComponentProps } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/account-limits';
import { formatCount } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { TextField } from './TextField';

type BoundField = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * A new password and its confirmation, as every form that sets one asks them (the reset page, the
 * Account tab, the admin's dialog): labelled alike, with the password managers' `new-password`.
 */
export function NewPasswordFields({ password, confirmPassword }: { password: BoundField; confirmPassword: BoundField }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <TextField
        label={t('auth.newPassword.label')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.field.password.hint', { min: formatCount(PASSWORD_MIN_LENGTH, locale) })}
        {...password}
      />
      <TextField label={t('auth.newPassword.confirm')} type="password" autoComplete="new-password" {...confirmPassword} />
    </>
  );
}
