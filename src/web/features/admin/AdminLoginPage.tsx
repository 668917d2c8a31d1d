import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { adminLoginSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/hooks';
import { useT } from '../../lib/i18n';
import { setToken, useAdminToken } from '../../lib/session';

interface AdminLoginReply {
  token?: string;
  message?: string;
}

/** The admin login; an admin who already holds a token goes straight to /admin. */
export default function AdminLoginPage() {
  const t = useT();
  usePageTitle(t('admin.login.title'));
  const navigate = useNavigate();
  const token = useAdminToken();
  const form = useSchemaForm(adminLoginSchema, { username: '', password: '' });
  // Asked once the password was right and the account has two-factor sign-in.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const login = useMutation({
    mutationFn: (body: { username: string; password: string; code?: string }) =>
      apiPost<AdminLoginReply>('/api/admin/login', body),
  });

  if (token && !login.isSuccess) return <Navigate to="/admin" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    login.mutate(needsCode ? { ...data, code: code.trim() } : data, {
      onSuccess: (reply) => {
        if (!reply?.token) {
          toast.error(t('admin.login.failed'));
          return;
        }
        setToken('admin', reply.token);
        // The morning look first: the Dashboard with what waits (a role without it gets its first tab).
        void navigate('/admin?tab=dashboard', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.body as { code?: string } | undefined)?.code === 'TOTP_REQUIRED') {
          setNeedsCode(true);
          return;
        }
        toast.error(errorMessage(error, t('admin.login.refused')));
      },
    });
  };

  return (
    <FormCard title={t('admin.login.title')} subtitle={t('admin.login.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('admin.login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <TextField
          label={t('admin.login.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        {needsCode && (
          <TextField
            label={t('admin-staff.totp.loginCode')}
            hint={t('admin-staff.totp.loginHint')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoFocus
          />
        )}
        <Button type="submit" variant="secondary" size="lg" className="w-full" loading={login.isPending}>
          {t('admin.login.submit')}
        </Button>
      </form>
    </FormCard>
  );
}
