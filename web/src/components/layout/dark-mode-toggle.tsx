import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setPreferences, usePreferences } from '@/lib/preferences';

export function DarkModeToggle() {
  const { t } = useTranslation();
  const { darkMode } = usePreferences();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={darkMode ? t('header.lightMode') : t('header.darkMode')}
      aria-pressed={darkMode}
      onClick={() => setPreferences({ darkMode: !darkMode })}
    >
      <span aria-hidden>{darkMode ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}
