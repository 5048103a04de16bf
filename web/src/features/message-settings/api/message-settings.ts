import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type MessageSetting,
  type MessagingSettings,
  messageSettingCreate,
  messageSettingsApi,
  messageSettingUpdate,
  messagingSettingsApi,
  messagingSettingsUpdate,
} from '@aircargo/contract/outgoing-messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';

export type { MessageSetting, MessagingSettings };

const SETTINGS = ['message-settings'] as const;
const MESSAGING = ['messaging-settings'] as const;

export const MESSAGE_SETTINGS_PATH = '/settings/message-settings';
export const MESSAGING_SETTINGS_PATH = '/settings/messaging';

export type MessageSettingsListQuery = EndpointQuery<typeof messageSettingsApi.list>;

export function useMessageSettings(query: MessageSettingsListQuery) {
  return useQuery({
    queryKey: [...SETTINGS, 'list', query],
    queryFn: ({ signal }) => callApi(messageSettingsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMessageSetting(id: number) {
  return useQuery({
    queryKey: [...SETTINGS, 'detail', id],
    queryFn: ({ signal }) => callApi(messageSettingsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createSettingFormSchema = formSchema(messageSettingCreate);
export type CreateSettingForm = z.input<typeof messageSettingCreate>;
export const updateSettingFormSchema = formSchema(messageSettingUpdate);
export type UpdateSettingForm = z.input<typeof messageSettingUpdate>;

export function useCreateMessageSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSettingForm) => callApi(messageSettingsApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS }),
  });
}

export function useUpdateMessageSetting(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingForm) => callApi(messageSettingsApi.update, { params: { id }, body }),
    onSuccess: (saved) => {
      client.setQueryData([...SETTINGS, 'detail', id], saved);
      void client.invalidateQueries({ queryKey: [...SETTINGS, 'list'] });
    },
  });
}

export function useDeleteMessageSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(messageSettingsApi.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS }),
  });
}

// Messaging settings: the company's own addresses and gateway.

/** The caller company's settings, or (for the platform) those of the company named. */
export function useMessagingSettings(companyId: number | null = null) {
  const query = companyId ? { company_id: companyId } : {};
  return useQuery({
    queryKey: [...MESSAGING, companyId],
    queryFn: ({ signal }) => callApi(messagingSettingsApi.get, { query, signal }),
  });
}

export const messagingFormSchema = formSchema(messagingSettingsUpdate);
export type MessagingForm = z.input<typeof messagingSettingsUpdate>;

export function useSaveMessagingSettings(companyId: number | null = null) {
  const client = useQueryClient();
  const query = companyId ? { company_id: companyId } : {};
  return useMutation({
    mutationFn: (body: MessagingForm) => callApi(messagingSettingsApi.update, { query, body }),
    onSuccess: (saved) => client.setQueryData([...MESSAGING, companyId], saved),
  });
}
