import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Route, useAwbPrefix, useProductOptions } from '../api/offers';
import { ReasonList } from './reasons';
import { routePath } from './routes-table';

const AWB_SERIAL = /^\d{8}$/;

export interface SelectedRouteProps {
  route: Route;
  booking: boolean;
  onChange: () => void;
  /** Book the route; `mawb` is "prefix-serial" when a number was given. */
  onBook: (mawb: string | null) => void;
}

/**
 * The selected-route panel of seed 000: AWB carrier, prefix, number and product, the shipper's dangerous-goods
 * certification, and Proceed to offer (the offers screens come later), Change and Book.
 */
export function SelectedRoute({ route, booking, onChange, onBook }: SelectedRouteProps) {
  const { t } = useTranslation();
  const prefix = useAwbPrefix(route.carrier);
  const products = useProductOptions();
  const [serial, setSerial] = useState('');
  const [product, setProduct] = useState<string | null>(null);
  const serialError = serial !== '' && !AWB_SERIAL.test(serial) ? t('offers.panel.serialFormat') : null;

  return (
    <Paper withBorder p="md" mt="md" aria-label={t('offers.panel.title')} component="section">
      <Stack gap="sm">
        <Title order={3}>{t('offers.panel.title')}</Title>
        <Text>
          {routePath(route)} · {route.segments.map((s) => s.number_with_date).join(', ')}
          {route.cost ? ` · ${route.cost} ${route.currency ?? ''}` : ''}
        </Text>
        {!route.available && (
          <Alert color="yellow" title={t('offers.panel.notBookable')}>
            <ReasonList route={route} />
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput label={t('offers.panel.awbCarrier')} value={route.carrier} readOnly />
          <TextInput label={t('offers.panel.prefix')} value={prefix ?? ''} readOnly />
          <TextInput
            label={t('offers.panel.number')}
            description={t('offers.panel.numberHint')}
            value={serial}
            onChange={(event) => setSerial(event.currentTarget.value.replace(/\D/g, '').slice(0, 8))}
            error={serialError}
            disabled={!prefix}
            inputMode="numeric"
          />
          <Select
            label={t('offers.panel.product')}
            description={t('offers.panel.productHint')}
            data={products}
            value={product}
            onChange={setProduct}
            searchable
            clearable
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="dg-certification">
          {t('offers.panel.certification')}
        </Text>
        <Group justify="flex-end">
          <Tooltip label={t('offers.offersLater')}>
            <Button variant="default" data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
              {t('offers.panel.proceed')}
            </Button>
          </Tooltip>
          <Button variant="default" onClick={onChange}>
            {t('offers.panel.change')}
          </Button>
          <Button
            loading={booking}
            disabled={serialError !== null}
            onClick={() => onBook(prefix && serial ? `${prefix}-${serial}` : null)}
          >
            {t('offers.actions.book')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
