import { Alert, Button, Group } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import type { AppErrorCode } from '@/lib/api/errors';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { showServerErrors } from './server-errors';
import type { AnyControl } from './shared-fields';

export interface RecordFormProps<S extends z.ZodType<FieldValues, FieldValues>> {
  title: string;
  backPath: string;
  schema: S;
  defaultValues: z.input<S>;
  fieldNames: readonly string[];
  fields: (control: AnyControl) => ReactNode;
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

/** A create or edit page of the tariff screens: validation by the form's schema, the server's errors on the fields. */
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
      if (!showServerErrors(error, form.setError, props.fieldNames)) {
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
      {props.fields(form.control as unknown as AnyControl)}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={props.saving} disabled={props.requireChange ? !form.formState.isDirty : false}>
          {props.submitLabel}
        </Button>
      </Group>
    </form>
  );
}
