import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '@/lib/api/api-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => {
    const created = createAppRouter();
    configureApiClient({
      navigate: (to) => void created.navigate(to),
      currentPath: () => `${created.state.location.pathname}${created.state.location.search}`,
    });
    return created;
  });
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
