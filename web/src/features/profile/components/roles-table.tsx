import type { Profile } from '@aircargo/contract/profile';
import { Badge, Button, Card, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api/errors';
import { useSwitchRole } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';

/** Companies and roles the user holds; switching opens the landing page of the new role. */
export function RolesTable({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchRole = useSwitchRole();

  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('profile.companiesAndRoles')}
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('profile.company')}</Table.Th>
            <Table.Th>{t('profile.role')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.available_roles.map((role) => (
            <Table.Tr key={role.id}>
              <Table.Td>
                {role.company_name} ({role.company_short_name})
              </Table.Td>
              <Table.Td>{t(`roles.${role.type_role}`, { defaultValue: role.type_role })}</Table.Td>
              <Table.Td ta="right">
                {role.current ? (
                  <Badge color="teal">{t('profile.current')}</Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    loading={switchRole.isPending && switchRole.variables === role.id}
                    onClick={() =>
                      switchRole.mutate(role.id, {
                        onSuccess: () => {
                          toast(t('header.roleSwitched'));
                          void navigate('/');
                        },
                        onError: (error) => toast(errorMessage(error, t), 'negative'),
                      })
                    }
                  >
                    {t('profile.switch')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
