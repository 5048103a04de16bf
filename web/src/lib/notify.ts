import { notifications } from '@mantine/notifications';

export const TOAST_TIMEOUT_MS = 2500;
export const NOTIFICATION_TIMEOUT_MS = 5000;

/** Short centred toast: red for errors, green for success (2.5 s). */
export function toast(message: string, tone: 'positive' | 'negative' = 'positive'): void {
  notifications.show({
    message,
    color: tone === 'positive' ? 'teal' : 'red',
    position: 'top-center',
    autoClose: TOAST_TIMEOUT_MS,
    withBorder: true,
  });
}

/** Notification at the bottom of the screen (5 s unless told otherwise). */
export function notify(
  message: string,
  options: { title?: string; color?: string; id?: string; autoClose?: number | false } = {},
): void {
  notifications.show({
    id: options.id,
    title: options.title,
    message,
    color: options.color ?? 'blue',
    position: 'bottom-right',
    autoClose: options.autoClose ?? NOTIFICATION_TIMEOUT_MS,
    withBorder: true,
  });
}
