import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { getSession, subscribeSession } from '@/lib/auth/session';
import { i18n } from '@/lib/i18n/i18n';
import { usePreferences } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';
import { VersionPrompt } from './version-prompt';

export function AppProvider({ children }: { children: ReactNode }) {
  const { darkMode } = usePreferences();

  // Signing out (by the user, a 401 or a failed renewal) drops the profile and every cached answer.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getSession()) queryClient.clear();
      }),
    [],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={darkMode ? 'dark' : 'light'}
      >
        <QueryClientProvider client={queryClient}>
          <Notifications limit={5} />
          {children}
          <VersionPrompt />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
