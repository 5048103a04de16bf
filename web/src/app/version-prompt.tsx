import { Button, Dialog, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startVersionWatch } from '@/lib/version/version';

/** Refresh popup shown when a newer build is deployed; the next navigation reloads anyway. */
export function VersionPrompt() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return startVersionWatch(() => setOpen(true), { currentBuildId: __BUILD_ID__ });
  }, []);

  return (
    <Dialog opened={open} withCloseButton onClose={() => setOpen(false)} position={{ bottom: 20, left: 20 }} size="md">
      <Text size="sm" mb="xs" fw={600}>
        {t('version.title')}
      </Text>
      <Text size="sm" mb="sm">
        {t('version.text')}
      </Text>
      <Group justify="flex-end">
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('version.refresh')}
        </Button>
      </Group>
    </Dialog>
  );
}
