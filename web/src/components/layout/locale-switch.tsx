import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession, useUpdateLocale } from '@/lib/auth/profile';
import { currentHost, languagesFor } from '@/lib/gating/subdomain';
import { changeLocale } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/preferences';

/** English with Russian, or with Spanish on the v0 subdomain; saved locally and, when signed in, in the profile. */
export function LocaleSwitch() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const updateLocale = useUpdateLocale();
  const languages = languagesFor(currentHost());
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('header.language')}
      value={languages.includes(i18n.language as never) ? i18n.language : 'en'}
      data={languages.map((value) => ({ value, label: value.toUpperCase() }))}
      onChange={(value) => {
        const locale = value as Locale;
        void changeLocale(locale);
        if (session) updateLocale.mutate(locale);
      }}
    />
  );
}
