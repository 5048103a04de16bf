import { Fieldset, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { useAirlineUiSetting, useUpdateAirlineUiSetting } from '../api/airline-settings';

/** The platform opens or closes this screen to the airline's own staff (airline UI setting show_settings). */
export function ShowSettingsSwitch({ airlineId }: { airlineId: number }) {
  const { t } = useTranslation();
  const setting = useAirlineUiSetting(airlineId);
  const update = useUpdateAirlineUiSetting(airlineId);
  const checked = setting.data?.[0]?.show_settings ?? false;
  return (
    <Fieldset legend={t('airlineSettings.sections.visibility')}>
      <Switch
        label={t('airlineSettings.fields.show_settings')}
        checked={checked}
        disabled={setting.isPending || update.isPending}
        onChange={(event) =>
          update.mutate(event.currentTarget.checked, {
            onSuccess: () => toast(t('airlineSettings.saved')),
            onError: (error) => toast(errorMessage(error, t), 'negative'),
          })
        }
      />
      <Text size="sm" c="dimmed" mt="xs">
        {t('airlineSettings.showSettingsHint')}
      </Text>
    </Fieldset>
  );
}
