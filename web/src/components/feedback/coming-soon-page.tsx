import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A registered route whose capability has not landed yet: it names what is coming instead of a blank screen. */
export function ComingSoonPage({ capability }: { capability: string }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="coming-soon-page">
      <Title order={2}>{capability}</Title>
      <Alert color="blue" variant="light">
        {t('coming.text', { capability })}
      </Alert>
    </Stack>
  );
}
