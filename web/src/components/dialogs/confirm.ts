import { modals } from '@mantine/modals';
import { i18n } from '@/lib/i18n/i18n';

export interface ConfirmOptions {
  title?: string;
  message?: string;
  confirmLabel?: string;
  danger?: boolean;
}

/** The confirmation dialog: "Confirm", "Are you sure?", Yes / Cancel. Resolves true on Yes. */
export function confirmAction(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title ?? i18n.t('confirm.title'),
      children: options.message ?? i18n.t('confirm.areYouSure'),
      labels: { confirm: options.confirmLabel ?? i18n.t('confirm.yes'), cancel: i18n.t('confirm.cancel') },
      confirmProps: { color: options.danger ? 'red' : undefined },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
