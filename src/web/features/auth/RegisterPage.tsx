import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { REGISTER_SUCCESS_MESSAGE, type RegisterInput, registerSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/hooks';

interface RegisterReply {
  message?: string;
  userId?: number;
  otpQueued?: boolean;
}

const emptyForm = { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' };

export default function RegisterPage() {
  usePageTitle('Create an account');
  const navigate = useNavigate();
  const form = useSchemaForm(registerSchema, emptyForm);
  const register = useMutation({ mutationFn: (body: RegisterInput) => apiPost<RegisterReply>('/api/users/register', body) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: nothing is sent while a field has an error.
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
          void navigate('/otp-verification', { state: { userId: reply.userId, otpQueued: reply.otpQueued === true } });
        } else {
          toast.error(reply?.message || 'An error occurred');
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
      title="Create your account"
      subtitle="Shop faster, track your orders and keep your cart on every device."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-amber-700 hover:text-amber-800 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10 digits, e.g. 98XXXXXXXX"
          {...form.field('phoneNumber')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          {...form.field('password')}
        />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
          Register
        </Button>
      </form>
    </FormCard>
  );
}
