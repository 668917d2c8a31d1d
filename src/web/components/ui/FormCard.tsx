import type { ReactNode } from 'react';
import { LogoMark } from './Logo';

/** The centred card of the login, register, OTP and admin login pages. */
export function FormCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white px-5 py-8 shadow-sm sm:px-8">
          <div className="mb-6 text-center">
            <LogoMark className="mx-auto size-11" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}
