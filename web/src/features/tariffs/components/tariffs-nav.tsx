import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CHARGES_PATH, SURCHARGES_PATH, TARIFFS_PATH } from '../api/tariffs';

const TABS = [
  { path: TARIFFS_PATH, label: 'routes.externalTariffs' },
  { path: CHARGES_PATH, label: 'routes.externalCharges' },
  { path: SURCHARGES_PATH, label: 'routes.externalSurcharges' },
] as const;

/** The three tariff screens as tabs. */
export function TariffsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((tab) => pathname.startsWith(tab.path))?.path ?? TARIFFS_PATH;
  return (
    <Tabs value={current} onChange={(value) => value && void navigate(value)} mb="md">
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
