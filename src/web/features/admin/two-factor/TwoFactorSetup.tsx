import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { apiPost, errorMessage } from '../../../lib/api';
import { useT } from '../../../lib/i18n';

/**
 * The signed-in admin turns on two-factor sign-in: the secret and its otpauth:// address for an
 * authenticator app, a code from the app to prove it, then ten recovery codes shown this once.
 */
export function TwoFactorSetup() {
  const t = useT();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const start = useMutation({
    mutationFn: () => apiPost<{ secret: string; uri: string }>('/api/admin/totp/setup', undefined, { auth: 'admin' }),
  });
  const confirm = useMutation({
    mutationFn: (value: string) =>
      apiPost<{ recoveryCodes: string[] }>('/api/admin/totp/confirm', { code: value }, { auth: 'admin' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    confirm.mutate(code.trim(), { onError: (failure) => setError(errorMessage(failure, t('admin-staff.failed'))) });
  };

  if (confirm.data) {
    return (
      <div className="space-y-3">
        <p role="status" className="font-medium text-emerald-800">
          {t('admin-staff.totp.done')}
        </p>
        <p className="text-sm text-slate-700">{t('admin-staff.totp.recoveryHint')}</p>
        <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
          {confirm.data.recoveryCodes.map((recovery) => (
            <li key={recovery} className="rounded bg-slate-100 px-2 py-1">
              {recovery}
            </li>
          ))}
        </ul>
        <Button type="button" variant="secondary" onClick={() => void client.invalidateQueries({ queryKey: ['admin', 'me'] })}>
          {t('admin-staff.totp.continue')}
        </Button>
      </div>
    );
  }
  if (!start.data) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t('admin-staff.totp.intro')}</p>
        {start.isError && <p role="alert">{errorMessage(start.error, t('admin-staff.failed'))}</p>}
        <Button type="button" variant="secondary" loading={start.isPending} onClick={() => start.mutate()}>
          {t('admin-staff.totp.start')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">{t('admin-staff.totp.scan')}</p>
      <p className="text-sm">
        {t('admin-staff.totp.secret')}{' '}
        <code className="font-mono font-semibold break-all" data-testid="totp-secret">
          {start.data.secret}
        </code>
      </p>
      <p className="text-xs break-all text-slate-600">
        <a href={start.data.uri} className="underline">
          {start.data.uri}
        </a>
      </p>
      <TextField
        label={t('admin-staff.totp.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error}
      />
      <Button type="submit" variant="secondary" loading={confirm.isPending}>
        {t('admin-staff.totp.confirm')}
      </Button>
    </form>
  );
}
