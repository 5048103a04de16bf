import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startI18n } from '@/lib/i18n/i18n';
import { startLogIntake } from '@/lib/log/log-intake';
import { restorePendingRoute } from '@/lib/version/version';

// A reload caused by a new version puts the route the user was going to back before the router reads it.
restorePendingRoute();
startLogIntake();

const root = document.getElementById('root');
void startI18n().finally(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
