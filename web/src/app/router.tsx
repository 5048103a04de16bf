import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Error404Page } from '@/components/errors/error-404-page';
import { RouteError } from '@/components/errors/route-error';
import { childrenOf, GatedRoute, IndexRedirect } from './routes/gated-route';
import { RootRoute, type RouteHandle } from './routes/root';
import { ROUTE_ENTRIES, type RouteEntry } from './routes/route-table';

const LandingLayout = lazy(async () => ({ default: (await import('./layouts/landing-layout')).LandingLayout }));
const MainLayout = lazy(async () => ({ default: (await import('./layouts/main-layout')).MainLayout }));

const LandingRoute = lazy(async () => ({ default: (await import('@/features/auth/routes/landing')).LandingRoute }));
const SignInRoute = lazy(async () => ({ default: (await import('@/features/auth/routes/sign-in')).SignInRoute }));
const SignUpRoute = lazy(async () => ({ default: (await import('@/features/auth/routes/sign-up')).SignUpRoute }));
const AccessDeniedRoute = lazy(async () => ({
  default: (await import('@/features/auth/routes/access-denied')).AccessDeniedRoute,
}));
const RestoreRoute = lazy(async () => ({ default: (await import('@/features/auth/routes/restore')).RestoreRoute }));
const LoginRoute = lazy(async () => ({ default: (await import('@/features/auth/routes/login')).LoginRoute }));
const ConfirmEmailRoute = lazy(async () => ({
  default: (await import('@/features/auth/routes/confirm-email')).ConfirmEmailRoute,
}));
const ResetPasswordRoute = lazy(async () => ({
  default: (await import('@/features/auth/routes/reset-password')).ResetPasswordRoute,
}));

const handle = (title: string, titleParam?: string): RouteHandle => ({ title, titleParam });

function routeObject(entry: RouteEntry): RouteObject {
  const children = childrenOf(entry);
  return {
    path: entry.def.path,
    element: <GatedRoute entry={entry} />,
    handle: handle(entry.def.title, entry.def.titleParam),
    children: children.length
      ? [{ index: true, element: <IndexRedirect entry={entry} /> }, ...children.map(routeObject)]
      : undefined,
  };
}

export const PUBLIC_ROUTES: RouteObject[] = [
  { index: true, element: <LandingRoute />, handle: handle('home') },
  { path: 'signIn', element: <SignInRoute />, handle: handle('signIn') },
  { path: 'login', element: <LoginRoute />, handle: handle('signIn') },
  { path: 'registered', element: <SignUpRoute />, handle: handle('signUp') },
  { path: 'accessDenied', element: <AccessDeniedRoute />, handle: handle('accessDenied') },
  { path: 'restore', element: <RestoreRoute />, handle: handle('restore') },
  { path: 'users/password/edit', element: <ResetPasswordRoute />, handle: handle('resetPassword') },
  { path: 'users/confirmation', element: <ConfirmEmailRoute />, handle: handle('confirmEmail') },
];

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteError />,
      children: [
        { element: <LandingLayout />, children: PUBLIC_ROUTES },
        { element: <MainLayout />, children: ROUTE_ENTRIES.filter((e) => e.parent === null).map(routeObject) },
        { path: '*', element: <Error404Page />, handle: handle('notFound') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
