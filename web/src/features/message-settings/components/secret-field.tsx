import { Badge, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/validation/messages';

/**
 * A write-only secret: the server only says whether one is stored. The input starts empty; a value typed replaces the
 * stored one, the box removes it (null), and an untouched field keeps it (the key is left out of the request).
 */
export function SecretField<T extends FieldValues>({
  control,
  name,
  label,
  isSet,
  disabled,
}: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  isSet: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const m = (key: string) => t(`messageSettings.messaging.${key}`);
  const cleared = field.value === null;
  return (
    <Stack gap={4}>
      <PasswordInput
        ref={field.ref}
        name={field.name}
        label={
          <Group gap={6} component="span">
            {label}
            <Badge size="xs" variant="light" color={isSet ? 'green' : 'gray'} component="span">
              {isSet ? m('isSet') : m('notSet')}
            </Badge>
          </Group>
        }
        description={m('replace')}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.currentTarget.value || undefined)}
        onBlur={field.onBlur}
        disabled={disabled || cleared}
        autoComplete="new-password"
        error={translateValidation(fieldState.error?.message, t)}
      />
      {isSet && (
        <Checkbox
          size="xs"
          label={m('clear')}
          checked={cleared}
          disabled={disabled}
          onChange={(event) => field.onChange(event.currentTarget.checked ? null : undefined)}
        />
      )}
    </Stack>
  );
}
