import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { useInvitations, useRespondToInvitation } from '../api/invitations';

/** Pending invitations to join a company: only the invited user accepts or declines them. */
export function InvitationsCard() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const respond = useRespondToInvitation();
  if (!invitations.data?.length) return null;
  const answer = (id: number, accept: boolean) =>
    respond.mutate({ id, accept }, { onError: (error) => toast(errorMessage(error, t), 'negative') });
  return (
    <Card withBorder aria-labelledby="invitations-title">
      <Stack>
        <Title order={3} id="invitations-title">
          {t('profile.invitations')}
        </Title>
        {invitations.data.map((invitation) => (
          <Group key={invitation.id} justify="space-between">
            <Text>
              {t('profile.invitationText', { company: invitation.company_name, roles: invitation.roles.join(', ') })}
            </Text>
            <Group gap="xs">
              <Button size="xs" loading={respond.isPending} onClick={() => answer(invitation.id, true)}>
                {t('profile.accept')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={respond.isPending}
                onClick={() => answer(invitation.id, false)}
              >
                {t('profile.decline')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
