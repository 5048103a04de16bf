import { Alert, Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Error404Page } from './error-404-page';

/** Router error element: a failed lazy chunk or a render error. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <Error404Page />;
  return (
    <Center mih="60vh" p="md">
      <Stack maw={520}>
        <Alert color="red" title={t('errors.pageFailed')} role="alert">
          {error instanceof Error ? error.message : t('errors.undefined')}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
