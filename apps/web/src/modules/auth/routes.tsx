import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./LoginPage'));
const RegisterPage = lazy(() => import('./RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
const ConfirmedPage = lazy(() => import('./ConfirmedPage'));
const CannotConfirmPage = lazy(() => import('./CannotConfirmPage'));

/** The public pages of the login (SPEC §2, §4), in the public frame. */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/forgot-password/reset/:hash', element: <ResetPasswordPage /> },
  { path: '/confirmed', element: <ConfirmedPage /> },
  { path: '/cannot-confirm/:hash', element: <CannotConfirmPage /> },
];
