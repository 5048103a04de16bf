import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100vh' : 240}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
