import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any unknown path. */
export function Error404Page() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" component="main">
      <Stack align="center" gap="sm" data-testid="error-404-page">
        <Title order={1} fz={64}>
          404
        </Title>
        <Text size="lg">{t('notFound.unknownPath')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
