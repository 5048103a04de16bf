import { Alert, Button, Group } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Control, DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '@/components/layout/page-header';
import type { AppErrorCode } from '@/lib/api/errors';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { applyServerErrors, useZodForm } from './use-zod-form';

// biome-ignore lint/suspicious/noExplicitAny: field components shared by several forms, each with its own value type
export type AnyControl = Control<any, unknown, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
export type AnyForm = UseFormReturn<any, unknown, any>;

export interface RecordFormProps<S extends z.ZodType<FieldValues, FieldValues>> {
  title: string;
  backPath: string;
  schema: S;
  defaultValues: z.input<S>;
  /** Form fields that show the server's field errors (names, or a test for forms with rows of fields). */
  fieldNames: readonly string[] | ((field: string) => boolean);
  /** The form field a server field's error is shown on; by default the field of the same name. */
  serverFieldOf?: (field: string) => string;
  fields: (control: AnyControl, form: AnyForm) => ReactNode;
  /** Sends the form's values; resolves with what the server saved. */
  save: (values: z.output<S>) => Promise<unknown>;
  saving: boolean;
  submitLabel: string;
  savedMessage: string;
  onSaved: (saved: unknown) => void;
  /** Screen texts for error codes (Exists, NotFound) shown above the form when no field carries them. */
  errorTexts: Partial<Record<AppErrorCode, string>>;
  /** Edit forms send only after a change. */
  requireChange?: boolean;
}

/** A create or edit page: validation by the form's schema, the server's errors on the fields they name. */
export function RecordForm<S extends z.ZodType<FieldValues, FieldValues>>(props: RecordFormProps<S>) {
  const { t } = useTranslation();
  const form = useZodForm(props.schema, { defaultValues: props.defaultValues as DefaultValues<z.input<S>> });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await props.save(values);
      toast(props.savedMessage);
      props.onSaved(saved);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, props.fieldNames, props.serverFieldOf)) {
        const text = errorMessage(error, t, props.errorTexts);
        setFailure(text);
        toast(text, 'negative');
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={props.title}
        actions={
          <Button component={Link} to={props.backPath} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      {failure && (
        <Alert color="red" role="alert" mb="md">
          {failure}
        </Alert>
      )}
      {props.fields(form.control as unknown as AnyControl, form as unknown as AnyForm)}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={props.saving} disabled={props.requireChange ? !form.formState.isDirty : false}>
          {props.submitLabel}
        </Button>
      </Group>
    </form>
  );
}
