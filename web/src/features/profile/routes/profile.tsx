import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useProfile } from '@/lib/auth/profile';
import { readAccessDenied } from '../api/access-denied';
import { AccessDeniedView } from '../components/access-denied-view';
import { ChangePasswordForm } from '../components/change-password-form';
import { InvitationsCard } from '../components/invitations-card';
import { RolesTable } from '../components/roles-table';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children || '—'}</Text>
    </div>
  );
}

function Codes({ values }: { values: string[] }) {
  if (values.length === 0) return <>—</>;
  return (
    <Group gap={4}>
      {values.map((value) => (
        <Badge key={value} variant="light">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** Company, e-mail, role and locations; switching company and role; the access-denied view. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const [params] = useSearchParams();
  if (!profile) return null;
  // The server's word while the current company has no access; otherwise what the last 403 left behind.
  const stored = params.get('accessDenied') === 'true' ? readAccessDenied() : null;
  const denied = profile.access_denied
    ? { email: stored?.email ?? profile.email, urls: profile.available_urls }
    : stored;

  return (
    <Stack>
      <PageHeader title={t('routes.profile')} />
      {denied && <AccessDeniedView profile={profile} urls={denied.urls} email={denied.email} />}
      {!profile.company_short_name && !denied && (
        <Alert color="yellow" role="status">
          {t('profile.noCompanyText')}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('profile.company')}>
            {profile.company_name}
            {profile.company_short_name ? ` (${profile.company_short_name})` : ''}
          </Field>
          <Field label={t('profile.email')}>{profile.email}</Field>
          <Field label={t('profile.name')}>{[profile.firstname, profile.lastname].filter(Boolean).join(' ')}</Field>
          <Field label={t('profile.role')}>{t(`roles.${profile.role}`, { defaultValue: profile.role })}</Field>
          <Field label={t('profile.locations')}>
            <Codes values={profile.locations} />
          </Field>
          <Field label={t('profile.permittedCarriers')}>
            <Codes values={profile.permitted_carriers} />
          </Field>
          <Field label={t('profile.stationsAllowed')}>
            <Codes values={profile.stations_allowed} />
          </Field>
          <Field label={t('profile.stationsDenied')}>
            <Codes values={profile.stations_denied} />
          </Field>
          <Field label={t('profile.phone')}>{profile.phone}</Field>
        </SimpleGrid>
      </Card>
      {/* A user whose company has no access keeps only the profile and the role switch: no invitations call then. */}
      {profile.permissions.includes('invitations:respond') && <InvitationsCard />}
      <RolesTable profile={profile} />
      <ChangePasswordForm />
    </Stack>
  );
}
