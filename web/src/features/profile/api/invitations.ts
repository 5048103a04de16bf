import { usersApi } from '@aircargo/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';

const invitationsKey = ['invitations'] as const;

/** The signed-in user's pending invitations to join companies. */
export function useInvitations() {
  return useQuery({ queryKey: invitationsKey, queryFn: () => callApi(usersApi.invitations, {}) });
}

/** Accepts or declines one; afterwards the invitations and the profile (its available roles) are read again. */
export function useRespondToInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      callApi(accept ? usersApi.acceptInvitation : usersApi.declineInvitation, { params: { id } }),
    onSuccess: () => client.invalidateQueries(),
  });
}
