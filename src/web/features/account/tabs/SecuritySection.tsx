import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  type ChangePhoneInput,
  RECOVERY_MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
  changePhoneSchema,
  confirmEmailSchema,
} from '../../../../shared/account-recovery';
import { ACCOUNT_MESSAGES } from '../../../../shared/accounts';
import { OTP_LENGTH } from '../../../../shared/account-limits';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { apiPost } from '../../../lib/api';
import { showRefusal, useSchemaForm, validateNewPassword } from '../../../lib/forms';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { Msg } from '../../../lib/msg';
import { queryKeys } from '../../../lib/query-client';
import type { PublicUser } from '../../../lib/user';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields';

/**
 * The Account tab's 'Sign-in and security': the shopper changes their password, email
 * (confirmed by a code mailed to the new address) and phone number, each with the current password.
 * Loaded with its forms' validation (zod) only after the profile has painted (ProfileTab).
 */

/**
 * The server's answers on success are in English whatever the page's language (only its refusals
 * are translated): the section says the same (RECOVERY_MESSAGES) in the page's words.
 */
interface MessageReply {
  message?: string;
}
interface UserChangedReply {
  message?: string;
  user?: PublicUser;
}

/** Server refusals that concern one field of these forms. */
const FIELD_OF_MESSAGE = {
  [RECOVERY_MESSAGES.currentPasswordWrong]: 'currentPassword',
  [RECOVERY_MESSAGES.samePassword]: 'password',
  [RECOVERY_MESSAGES.sameEmail]: 'email',
  [ACCOUNT_MESSAGES.emailTaken]: 'email',
  [RECOVERY_MESSAGES.samePhone]: 'phoneNumber',
  [ACCOUNT_MESSAGES.phoneTaken]: 'phoneNumber',
} as const;

/** A phone number's length (shared/accounts.ts phoneField) and what one looks like. */
const PHONE_DIGITS = 10;
const PHONE_EXAMPLE = '98XXXXXXXX';

export function SecuritySection({ user }: { user: PublicUser }) {
  const t = useT();
  return (
    <Card title={t('account.security.title')}>
      <div className="divide-y divide-slate-100">
        <ChangePassword user={user} />
        <ChangeEmail user={user} />
        <ChangePhone user={user} />
      </div>
    </Card>
  );
}

/** One form of the section: its heading and a line on what it does beside (wide) or above (narrow) it. */
function Part({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="py-6 first:pt-0 last:pb-0 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-8">
      <div className="mb-4 lg:mb-0">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm leading-relaxed text-slate-500">{description}</p>
      </div>
      <div className="min-w-0 lg:max-w-md">{children}</div>
    </section>
  );
}

/** The password the account has now, which each change of this section asks for. */
function CurrentPassword(field: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const t = useT();
  return <TextField label={t('account.currentPassword')} type="password" autoComplete="current-password" {...field} />;
}

/** The account's name for password managers, which file a new password under it. */
function UsernameForPasswordManagers({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

/** The answer's user replaces the cached one: the profile shows the change at once. */
function useStoreUser(userId: number) {
  const queryClient = useQueryClient();
  return (user: PublicUser | undefined) => {
    if (user) queryClient.setQueryData(queryKeys.user(userId), user);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.user(userId) });
  };
}

const PASSWORD_FORM = { currentPassword: '', password: '', confirmPassword: '' };

function ChangePassword({ user }: { user: PublicUser }) {
  const t = useT();
  const form = useSchemaForm(changePasswordSchema, PASSWORD_FORM, { idPrefix: 'change-password-' });
  const change = useMutation({
    mutationFn: (body: ChangePasswordInput) => apiPost<MessageReply>('/api/users/change-password', body, { auth: 'user' }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validateNewPassword(form);
    if (!data) return;
    change.mutate(data, {
      onSuccess: () => {
        toast.success(t('account.password.changed'));
        form.reset();
      },
      onError: (error) => showRefusal(form, error, FIELD_OF_MESSAGE),
    });
  };

  return (
    <Part title={t('account.password.title')} description={t('account.password.description')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <UsernameForPasswordManagers email={user.email} />
        <CurrentPassword {...form.field('currentPassword')} />
        <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
        <Button type="submit" className="w-full sm:w-auto" loading={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </form>
    </Part>
  );
}

const EMAIL_FORM = { email: '', currentPassword: '' };
const CODE_FORM = { otp: '' };

function ChangeEmail({ user }: { user: PublicUser }) {
  const t = useT();
  const locale = useLocale();
  const storeUser = useStoreUser(user.id);
  const form = useSchemaForm(changeEmailSchema, EMAIL_FORM, { idPrefix: 'change-email-' });
  const codeForm = useSchemaForm(confirmEmailSchema, CODE_FORM, { idPrefix: 'confirm-email-' });
  /** The address a code was sent to, and whether the code is still on its way, while the change waits for the code. */
  const [pending, setPending] = useState<{ email: string; queued: boolean } | null>(null);
  // The form in view changes: the keyboard goes to its first field (not back to the top of the page).
  const switched = useRef(false);
  useEffect(() => {
    if (pending) switched.current = true;
    if (switched.current) document.getElementById(pending ? 'confirm-email-otp' : 'change-email-email')?.focus();
  }, [pending]);

  const change = useMutation({
    mutationFn: (body: ChangeEmailInput) => apiPost<MessageReply>('/api/users/change-email', body, { auth: 'user' }),
  });
  const confirm = useMutation({
    mutationFn: (otp: string) => apiPost<UserChangedReply>('/api/users/confirm-email', { otp }, { auth: 'user' }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    change.mutate(data, {
      onSuccess: (reply) => {
        // 202: the mail server did not take the code at once; it is on its way, not an error.
        const queued = reply?.message === RECOVERY_MESSAGES.emailCodeQueued(data.email);
        if (queued) toast.info(t('account.email.codeQueued', { email: data.email }));
        else toast.success(t('account.email.codeSent', { email: data.email }));
        setPending({ email: data.email, queued });
        form.reset();
        codeForm.reset();
      },
      onError: (error) => showRefusal(form, error, FIELD_OF_MESSAGE),
    });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = codeForm.validate();
    if (!data) return;
    confirm.mutate(data.otp, {
      onSuccess: (reply) => {
        storeUser(reply?.user);
        toast.success(t('account.email.changed'));
        setPending(null);
        codeForm.reset();
      },
      onError: (error) => showRefusal(codeForm, error),
    });
  };

  return (
    <Part
      title={t('account.email.title')}
      description={
        <Msg
          id="account.email.description"
          values={{ email: user.email }}
          components={{ 0: <strong className="font-medium break-all text-slate-700" /> }}
        />
      }
    >
      {pending ? (
        <form onSubmit={submitCode} noValidate className="space-y-4">
          <p className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm break-words text-sky-900">
            {pending.queued
              ? t('account.email.codeQueued', { email: pending.email })
              : t('account.email.codeSent', { email: pending.email })}
          </p>
          <TextField
            label={t('account.email.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.otp.placeholder', { length: formatCount(OTP_LENGTH, locale) })}
            className="sm:max-w-xs"
            {...codeForm.field('otp')}
            onChange={(event) => codeForm.setValue('otp', event.target.value.replace(/\s/g, ''))}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" loading={confirm.isPending}>
              {t('account.email.confirm')}
            </Button>
            <Button variant="outline" onClick={() => setPending(null)}>
              {t('account.email.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label={t('account.email.new')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.field('email')}
          />
          <CurrentPassword {...form.field('currentPassword')} />
          <Button type="submit" className="w-full sm:w-auto" loading={change.isPending}>
            {t('account.email.submit')}
          </Button>
        </form>
      )}
    </Part>
  );
}

const PHONE_FORM = { phoneNumber: '', currentPassword: '' };

function ChangePhone({ user }: { user: PublicUser }) {
  const t = useT();
  const locale = useLocale();
  const storeUser = useStoreUser(user.id);
  const form = useSchemaForm(changePhoneSchema, PHONE_FORM, { idPrefix: 'change-phone-' });
  const change = useMutation({
    mutationFn: (body: ChangePhoneInput) => apiPost<UserChangedReply>('/api/users/change-phone', body, { auth: 'user' }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    change.mutate(data, {
      onSuccess: (reply) => {
        storeUser(reply?.user);
        toast.success(t('account.phone.changed'));
        form.reset();
      },
      onError: (error) => showRefusal(form, error, FIELD_OF_MESSAGE),
    });
  };

  return (
    <Part
      title={t('account.phone.title')}
      description={
        <Msg
          id="account.phone.description"
          values={{ phone: user.phoneNumber }}
          components={{ 0: <strong className="font-medium text-slate-700" /> }}
        />
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('account.phone.new')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint={t('auth.field.phoneNumber.hint', { digits: formatCount(PHONE_DIGITS, locale), example: PHONE_EXAMPLE })}
          {...form.field('phoneNumber')}
        />
        <CurrentPassword {...form.field('currentPassword')} />
        <Button type="submit" className="w-full sm:w-auto" loading={change.isPending}>
          {t('account.phone.submit')}
        </Button>
      </form>
    </Part>
  );
}
