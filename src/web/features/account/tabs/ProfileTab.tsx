import { useMutation, useQueryClient } from '@tanstack/react-query';
import BadgeCheck from 'lucide-react/icons/badge-check';
import MailWarning from 'lucide-react/icons/mail-warning';
import { type FormEvent, type ReactNode, Suspense, lazy, useState } from 'react';
import { toast } from '../../../lib/toast';
import { OTP_RESEND_SECONDS } from '../../../../shared/account-limits';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../../lib/api';
import { useAfterFirstPaint } from '../../../lib/first-paint';
import { type SendOtpReply, announceOtpSent } from '../../../lib/otp-sent';
import { useCountdown } from '../../../lib/hooks';
import { queryKeys } from '../../../lib/query-client';
import { type PublicUser, useCurrentUser } from '../../../lib/user';

/**
 * The password, email and phone forms and their validation (zod) load on their own, after the
 * profile's first paint: the account page's first visit does not wait for them.
 */
const loadSecurity = () => import('./SecuritySection').then((module) => ({ default: module.SecuritySection }));

/** A failed load is tried anew with a fresh React.lazy (it keeps a failure). */
let SecuritySection = lazy(loadSecurity);

/**
 * SPEC §2 Account tab (Profile): the shopper's details and, while unverified, email verification by
 * OTP; below them, sign-in and security (issue 17).
 */
export function ProfileTab() {
  const { data: user, error, refetch, isFetching } = useCurrentUser();
  const painted = useAfterFirstPaint();

  if (!user) {
    return (
      <Card title="Profile">
        {error && !isFetching ? (
          <div className="py-6 text-center">
            <p className="text-slate-600">{errorMessage(error, 'We could not load your details.')}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p className="py-6 text-center text-slate-500">Loading user data...</p>
        )}
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <Card title="Profile">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <span
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-amber-400 to-orange-500 text-3xl font-bold text-slate-950 shadow-sm"
            aria-hidden="true"
          >
            {user.firstName.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
        </div>
        <dl className="mt-6 divide-y divide-slate-100 rounded-xl border border-slate-100">
          <Detail label="Full Name">
            {user.firstName} {user.lastName}
          </Detail>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Phone Number">{user.phoneNumber}</Detail>
          <Detail label="Verified">
            <span
              data-testid="verified-status"
              className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${user.emailVerified ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-800'}`}
            >
              {user.emailVerified && <BadgeCheck className="size-4" aria-hidden="true" />}
              {user.emailVerified ? 'Yes' : 'No'}
            </span>
          </Detail>
        </dl>
      </Card>
      {!user.emailVerified && <VerifyEmail user={user} />}
      {painted && <Security user={user} />}
    </div>
  );
}

/** Sign-in and security; code that cannot be fetched fails this part alone, with a retry, not the page. */
function Security({ user }: { user: PublicUser }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    SecuritySection = lazy(loadSecurity);
    setAttempt((n) => n + 1); // a new boundary, rendering the new loader
  };
  return (
    <ErrorBoundary
      key={attempt}
      logPrefix="Sign-in and security could not be loaded:"
      fallback={() => (
        <Card title="Sign-in and security">
          <div className="py-6 text-center">
            <p className="text-slate-600">We could not load this part of the page.</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
              Try again
            </Button>
          </div>
        </Card>
      )}
    >
      <Suspense fallback={<LoadingBlock label="Loading sign-in and security" className="py-8" />}>
        <SecuritySection user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-slate-500 sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** SPEC §4: unverified → Send OTP → code input, Verify OTP and Send Again with a 60 s countdown → verified. */
function VerifyEmail({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [resendIn, startCountdown] = useCountdown();

  const send = useMutation({
    mutationFn: () => apiPost<SendOtpReply>('/api/users/send-otp', { userId: user.id }),
    onSuccess: (reply) => {
      announceOtpSent(reply);
      setSent(true);
      startCountdown(OTP_RESEND_SECONDS);
    },
    onError: (error) => {
      toast.error('Failed to send OTP. Please try again.');
      // Too soon after the last code: that code still works, so let the shopper type it.
      const wait =
        error instanceof ApiError ? (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds : undefined;
      if (error instanceof ApiError && error.status === 429 && typeof wait === 'number' && wait > 0) {
        setSent(true);
        startCountdown(Math.ceil(wait));
      }
    },
  });

  const verify = useMutation({
    mutationFn: (code: string) => apiPost('/api/users/verify-otp', { userId: user.id, otp: code }),
    onSuccess: async () => {
      toast.success('User Verified Successfully!');
      setOtp('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.user(user.id) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = otp.trim();
    if (code) verify.mutate(code);
  };

  return (
    <Card title="Verify your email">
      <div className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          Your email is not verified yet. We will send a 6-digit code to <strong className="break-all">{user.email}</strong>; it
          is valid for 10 minutes.
        </p>
      </div>
      {!sent ? (
        <Button className="mt-5 w-full sm:w-auto" onClick={() => send.mutate()} loading={send.isPending}>
          Send OTP
        </Button>
      ) : (
        <form onSubmit={submit} className="mt-5 space-y-4">
          <TextField
            id="profile-otp"
            label="Enter OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="6-digit code"
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\s/g, ''))}
            className="max-w-xs"
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={otp.trim() === ''} loading={verify.isPending}>
              Verify OTP
            </Button>
            <Button variant="outline" disabled={resendIn > 0} loading={send.isPending} onClick={() => send.mutate()}>
              Send Again
            </Button>
          </div>
          {resendIn > 0 && <p className="text-sm text-slate-500">Resend available in {resendIn} seconds</p>}
        </form>
      )}
    </Card>
  );
}
