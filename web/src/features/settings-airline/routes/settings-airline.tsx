import { Alert, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { useAirlineChoices, useAirlineSettings } from '../api/airline-settings';
import { AirlineAirports } from '../components/airline-airports';
import { AirlineSettingsFormSection } from '../components/airline-settings-form';
import { ShowSettingsSwitch } from '../components/show-settings-switch';

/**
 * Settings / Airline: the settings of one airline. The platform picks the airline (kept in the URL as `?airline=`);
 * an airline's staff see their own, and its admins and managers change it.
 */
export function SettingsAirlineRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const isPlatform = profile?.company_business_type === 'platform';
  const [params, setParams] = useSearchParams();
  const picked = Number(params.get('airline'));
  const airlineId = isPlatform
    ? Number.isInteger(picked) && picked > 0
      ? picked
      : null
    : (profile?.company_id ?? null);
  const choices = useAirlineChoices(isPlatform);
  const settings = useAirlineSettings(airlineId);
  const canEdit = useCan('airline_settings:update');
  const canEditAirports = useCan('airline_airports:update');
  const canShow = useCan('airline_ui_setting:update');

  return (
    <>
      <PageHeader title={t('routes.settingsAirline')} />
      <Stack>
        {isPlatform && (
          <Select
            label={t('airlineSettings.pickAirline')}
            placeholder={t('airlineSettings.pickAirlinePlaceholder')}
            searchable
            maw={420}
            data={(choices.data?.data ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.airline_code ?? c.short_name} — ${c.name}`,
            }))}
            value={airlineId === null ? null : String(airlineId)}
            onChange={(value) => setParams(value ? { airline: value } : {}, { replace: true })}
          />
        )}
        {airlineId === null ? null : settings.isPending ? (
          <PageLoader />
        ) : settings.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(settings.error, t, { NotFound: t('airlineSettings.errors.notFound') })}
          </Alert>
        ) : (
          <>
            {canShow && <ShowSettingsSwitch airlineId={airlineId} />}
            <AirlineSettingsFormSection key={airlineId} settings={settings.data} canEdit={canEdit} />
            <AirlineAirports key={`airports-${airlineId}`} airlineId={airlineId} canEdit={canEditAirports} />
          </>
        )}
      </Stack>
    </>
  );
}
