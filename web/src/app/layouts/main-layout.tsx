import { Alert, AppShell, Button, Center, Stack } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { REDIRECT_DELAY_MS } from '@/lib/api/api-client';
import { errorMessage } from '@/lib/api/errors';
import { useProfile, useSession } from '@/lib/auth/profile';
import { recentSignOutReason } from '@/lib/auth/session';
import { useRoleFromUrl } from '@/lib/gating/role-from-url';
import { usePreferences } from '@/lib/preferences';
import { useServerPreferences } from '@/lib/preferences-sync';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';

/** Shown for the 2 s between an unauthorised answer and the redirect to sign-in. */
function SignedOutNotice() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Alert color="red" title={t('errors.notAuthorized')} role="alert">
          {t('auth.redirectingToSignIn')}
        </Alert>
        <Button component={Link} to="/signIn" variant="light">
          {t('auth.signIn')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Layout of every signed-in route: header, sidebar and the page. */
export function MainLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const profile = useProfile();
  const prefs = usePreferences();
  useServerPreferences(session && profile.data ? profile.data.id : null);
  const switchingRole = useRoleFromUrl(profile.data);

  if (!session) {
    // Right after a 401 the client shows "not authorized" and redirects itself 2 s later.
    const reason = recentSignOutReason(REDIRECT_DELAY_MS + 500);
    if (reason === 'unauthorized' || reason === 'renewal-failed') return <SignedOutNotice />;
    const from = `${location.pathname}${location.search}`;
    return <Navigate replace to={reason === 'user' ? '/signIn' : `/signIn?redirect=${encodeURIComponent(from)}`} />;
  }
  if (profile.isPending) return <PageLoader fullScreen />;
  if (profile.isError) {
    return (
      <Center mih="100vh">
        <Stack align="center">
          <Alert color="red" role="alert">
            {errorMessage(profile.error, t)}
          </Alert>
          <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
        </Stack>
      </Center>
    );
  }

  // Dialogs (confirmations, forms) only open on signed-in pages, so their provider lives here, off the sign-in bundle.
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{
          width: 260,
          breakpoint: 'sm',
          collapsed: { desktop: !prefs.leftDrawerOpen, mobile: !prefs.leftDrawerOpen },
        }}
        padding="md"
      >
        <AppShell.Header>
          <AppHeader profile={profile.data} />
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar />
        </AppShell.Navbar>
        <AppShell.Main>
          {switchingRole ? (
            <PageLoader />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
