import type { MessageChannel } from '@aircargo/contract/outgoing-messages';

interface ChannelValues {
  channel?: MessageChannel;
  addresses?: string[];
  cc?: string[];
  bcc?: string[];
  webhook_url?: string | null;
  webhook_secret?: string | null;
}

/**
 * What the form sends for its channel: the fields of the other channels (left from before the channel was switched)
 * are cleared, so a setting never keeps addresses it does not use; a webhook secret goes only with a webhook.
 */
export function channelFields<T extends ChannelValues>(values: T): T {
  if (values.channel === 'webhook') return { ...values, addresses: [], cc: [], bcc: [] };
  if (values.channel === 'sita') return { ...values, cc: [], bcc: [], webhook_url: null, webhook_secret: undefined };
  if (values.channel === 'email') return { ...values, webhook_url: null, webhook_secret: undefined };
  return values;
}
