import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { PASSWORD_MIN_LENGTH } from '../../../shared/account-limits';
import { REGISTER_SUCCESS_MESSAGE, type RegisterInput, registerSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { returnPathFrom, withReturnPath } from '../../lib/return-path';

interface RegisterReply {
  message?: string;
  userId?: number;
  otpQueued?: boolean;
}

const emptyForm = { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' };

/** A phone number's length (shared/accounts.ts phoneField) and what one looks like. */
const PHONE_DIGITS = 10;
const PHONE_EXAMPLE = '98XXXXXXXX';

export default function RegisterPage() {
  const t = useT();
  const locale = useLocale();
  usePageTitle(t('auth.register.pageTitle'));
  const navigate = useNavigate();
  // The page to go back to once registered and verified (?next=, validated), carried to the OTP screen.
  const returnPath = returnPathFrom(useLocation().search);
  const form = useSchemaForm(registerSchema, emptyForm);
  const register = useMutation({ mutationFn: (body: RegisterInput) => apiPost<RegisterReply>('/api/users/register', body) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing is sent while a field has an error.
    const data = form.validate();
    const { password, confirmPassword } = form.values;
    if (password && confirmPassword && password !== confirmPassword) {
      // The shared schema compares the passwords only once every other field is valid; say it at once.
      form.setErrors((current) => ({ ...current, confirmPassword: current.confirmPassword ?? 'Passwords do not match' }));
    }
    if (!data) return;
    register.mutate(data, {
      onSuccess: (reply) => {
        if (reply?.message === REGISTER_SUCCESS_MESSAGE) {
          void navigate('/otp-verification', {
            state: { userId: reply.userId, otpQueued: reply.otpQueued === true, returnPath },
          });
        } else {
          toast.error(reply?.message || t('auth.error'));
        }
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        // Duplicate email or phone and the like: also show it under the field it concerns.
        if (error instanceof ApiError) {
          const fields = Object.entries(error.fieldErrors).filter(([name]) => name in emptyForm);
          if (fields.length > 0) form.setErrors(Object.fromEntries(fields));
        }
      },
    });
  };

  return (
    <FormCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <Msg
          id="auth.register.haveAccount"
          components={{
            0: (
              <Link
                to={withReturnPath('/login', returnPath)}
                className="font-semibold text-amber-700 hover:text-amber-800 hover:underline"
              />
            ),
          }}
        />
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.field.firstName')} autoComplete="given-name" {...form.field('firstName')} />
          <TextField label={t('auth.field.lastName')} autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label={t('auth.field.phoneNumber')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint={t('auth.field.phoneNumber.hint', { digits: formatCount(PHONE_DIGITS, locale), example: PHONE_EXAMPLE })}
          {...form.field('phoneNumber')}
        />
        <TextField
          label={t('auth.field.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.field.password.hint', { min: formatCount(PASSWORD_MIN_LENGTH, locale) })}
          {...form.field('password')}
        />
        <TextField
          label={t('auth.field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </FormCard>
  );
}
