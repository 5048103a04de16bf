import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown inside the main layout when a route's access requirements fail. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" gap="sm" data-testid="not-found-page">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to="/" variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
