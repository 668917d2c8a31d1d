import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { LOGIN_SUCCESS_MESSAGE, type LoginInput, loginSchema } from '../../../shared/accounts';
import { ErrorBanner } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { apiPost, errorMessage } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/hooks';
import { useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { DEFAULT_AFTER_LOGIN, returnPathFrom, withReturnPath } from '../../lib/return-path';
import { setToken, useShopperToken } from '../../lib/session';
import { LoginByCode } from './LoginByCode';

interface LoginReply {
  message?: string;
  token?: string;
}

export default function LoginPage() {
  const t = useT();
  usePageTitle(t('auth.login.pageTitle'));
  const navigate = useNavigate();
  // The page the shopper came from (?next=, validated: same site only); /account otherwise.
  const returnPath = returnPathFrom(useLocation().search);
  const destination = returnPath ?? DEFAULT_AFTER_LOGIN;
  const token = useShopperToken();
  const form = useSchemaForm(loginSchema, { emailOrPhone: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  // By password (email or phone), or by a code texted to the phone.
  const [byCode, setByCode] = useState(false);
  const login = useMutation({ mutationFn: (body: LoginInput) => apiPost<LoginReply>('/api/users/login', body) });

  if (token && !login.isSuccess) return <Navigate to={destination} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    setFailure(null);
    login.mutate(data, {
      onSuccess: (reply) => {
        // Success is recognised only by this exact message.
        if (reply?.message !== LOGIN_SUCCESS_MESSAGE || !reply.token) {
          setFailure(reply?.message || t('auth.error'));
          return;
        }
        setToken('user', reply.token);
        toast.success(t('auth.login.success'));
        void navigate(destination, { replace: true });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <FormCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <Msg
          id="auth.login.noAccount"
          components={{
            0: (
              <Link
                to={withReturnPath('/register', returnPath)}
                className="font-semibold text-amber-700 hover:text-amber-800 hover:underline"
              />
            ),
          }}
        />
      }
    >
      {byCode ? (
        <LoginByCode destination={destination} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure && <ErrorBanner>{failure}</ErrorBanner>}
          <TextField
            label={t('auth.field.emailOrPhone')}
            autoComplete="username"
            inputMode="email"
            {...form.field('emailOrPhone')}
          />
          <div>
            <TextField
              label={t('auth.field.password')}
              type="password"
              autoComplete="current-password"
              {...form.field('password')}
            />
            <p className="mt-2 text-right text-sm">
              {/* An email already typed here is carried over to the reset form. */}
              <Link
                to="/forgot-password"
                state={{ emailOrPhone: form.values.emailOrPhone }}
                className="font-semibold text-amber-700 hover:text-amber-800 hover:underline"
              >
                {t('auth.login.forgotPassword')}
              </Link>
            </p>
          </div>
          <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <button
          type="button"
          onClick={() => setByCode((current) => !current)}
          className="font-semibold text-amber-700 hover:text-amber-800 hover:underline"
        >
          {byCode ? t('auth.login.byPassword') : t('auth.login.byCode')}
        </button>
      </p>
    </FormCard>
  );
}
