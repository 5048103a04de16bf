import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { PageLoader } from './page-loader';

/**
 * The one record a page edits or shows: a loader while it comes, the server's reason (or `notFound`) when it does not,
 * and the page itself once it is there.
 */
export function RecordLoader<T>({
  query,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  /** The text for a record that is not there (the server's NotFound answer or no data). */
  notFound: string;
  children: (record: NonNullable<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending && query.fetchStatus !== 'idle') return <PageLoader />;
  if (!query.data) {
    return (
      <Alert color="red" role="alert">
        {query.error ? errorMessage(query.error, t, { NotFound: notFound }) : notFound}
      </Alert>
    );
  }
  return children(query.data);
}
