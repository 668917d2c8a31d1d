import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import HomePage from '../features/home/HomePage';
import { Layout } from './layout/Layout';
import { RouteError } from './RouteError';

/** Route-level code splitting: everything but Home and the layout loads on demand. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    HydrateFallback: () => null,
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
