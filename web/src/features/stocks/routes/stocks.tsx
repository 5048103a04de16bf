import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import type { AwbPrefixRecord } from '../api/stocks';
import { AssignDialog } from '../components/assign-dialog';
import { PrefixDialog } from '../components/prefix-dialog';
import { PrefixesTable } from '../components/prefixes-table';
import { RangesTable } from '../components/ranges-table';

type Dialog = { kind: 'prefix'; prefix: AwbPrefixRecord | null } | { kind: 'assign' } | null;

/**
 * Settings / AWB stocks (airline; every airline for the platform): the airline's prefixes, the ranges of blanks it has
 * handed to forwarders and locations with their counts, assignment, withdrawal, exports and the low-stock warning.
 */
export function StocksRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('stocks:write');
  const { data: profile } = useProfile();
  const platform = profile?.company_business_type === 'platform';
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <>
      <PageHeader
        title={t('routes.stocks')}
        actions={
          canEdit && (
            <Group gap="xs">
              <Button variant="default" onClick={() => setDialog({ kind: 'prefix', prefix: null })}>
                {t('stocks.prefixes.create')}
              </Button>
              <Button onClick={() => setDialog({ kind: 'assign' })}>{t('stocks.assign.button')}</Button>
            </Group>
          )
        }
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={4}>{t('stocks.prefixes.title')}</Title>
          <PrefixesTable
            showAirline={platform}
            onEdit={canEdit ? (prefix) => setDialog({ kind: 'prefix', prefix }) : undefined}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={4}>{t('stocks.ranges')}</Title>
          <Text c="dimmed" size="sm">
            {t('stocks.rangesExplain')}
          </Text>
          <RangesTable showAirline={platform} showHolder canEdit={canEdit} />
        </Stack>
      </Stack>
      {dialog?.kind === 'prefix' && (
        <PrefixDialog prefix={dialog.prefix} chooseAirline={platform} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'assign' && <AssignDialog onClose={() => setDialog(null)} />}
    </>
  );
}
