import type { ComponentProps } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/account-limits';
import { TextField } from './TextField';

type BoundField = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * A new password and its confirmation, as every form that sets one asks them (the reset page, the
 * Account tab, the admin's dialog): labelled alike, with the password managers' `new-password`.
 */
export function NewPasswordFields({ password, confirmPassword }: { password: BoundField; confirmPassword: BoundField }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...password}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...confirmPassword} />
    </>
  );
}
