import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import HomePage from '../features/home/HomePage';
import { Spinner } from '../components/ui/Spinner';
import { Layout } from './layout/Layout';
import { RouteError } from './RouteError';

/** What a first visit to a lazily loaded page shows while its code arrives: the header bar and a spinner. */
function FirstLoad() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="h-14 bg-slate-900 sm:h-16" />
      <div className="flex justify-center py-24" role="status" aria-label="Loading page">
        <Spinner className="size-8 text-amber-500" />
      </div>
    </div>
  );
}

/** Route-level code splitting: everything but Home and the layout loads on demand. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    HydrateFallback: FirstLoad,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomePage },
          { path: 'about', lazy: page(() => import('../features/pages/AboutPage')) },
          { path: 'privacy-policy', lazy: page(() => import('../features/pages/PrivacyPolicyPage')) },
          { path: 'terms-and-conditions', lazy: page(() => import('../features/pages/TermsPage')) },
          { path: 'products', lazy: page(() => import('../features/catalog/ProductsPage')) },
          { path: 'products/:id', lazy: page(() => import('../features/catalog/ProductDetailPage')) },
          { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
          { path: 'register', lazy: page(() => import('../features/auth/RegisterPage')) },
          { path: 'otp-verification', lazy: page(() => import('../features/auth/OtpVerificationPage')) },
          { path: 'account', lazy: page(() => import('../features/account/AccountPage')) },
          { path: 'admin/login', lazy: page(() => import('../features/admin/AdminLoginPage')) },
          { path: 'admin', lazy: page(() => import('../features/admin/AdminPage')) },
          { path: '*', lazy: page(() => import('../features/pages/NotFoundPage')) },
        ],
      },
    ],
  },
]);
