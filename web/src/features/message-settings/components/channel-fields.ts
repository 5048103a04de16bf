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
 * are cleared, so a setting never keeps addresses it does not use.
 */
export function channelFields<T extends ChannelValues>(values: T): T {
  if (values.channel === 'webhook') return { ...values, addresses: [], cc: [], bcc: [] };
  if (values.channel === 'sita') {
    const { webhook_secret: _secret, ...rest } = values;
    return { ...rest, cc: [], bcc: [], webhook_url: null } as T;
  }
  if (values.channel === 'email') {
    const { webhook_secret: _secret, ...rest } = values;
    return { ...rest, webhook_url: null } as T;
  }
  return values;
}
