import { msg } from '@aircargo/contract/messages';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeLocale } from '@/lib/i18n/i18n';
import { formSchema } from '@/lib/validation/messages';
import { renderWithProviders } from '@/testing/render';
import { PasswordField } from './password-field';
import { TextField } from './text-field';
import { useZodForm } from './use-zod-form';

const schema = formSchema(
  z
    .object({
      email: z.string().trim().email().max(254),
      code: z
        .string()
        .regex(/^[A-Z]{3}$/, msg('invalidFormat'))
        .nullable()
        .optional(),
      password: z.string().min(8),
      password_confirmation: z.string(),
    })
    .refine((v) => v.password === v.password_confirmation, {
      message: msg('passwordsDoNotMatch'),
      path: ['password_confirmation'],
    }),
);

function Form() {
  const form = useZodForm(schema, {
    defaultValues: { email: '', code: '', password: '', password_confirmation: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <TextField control={form.control} name="email" label="Email" />
      <TextField control={form.control} name="code" label="Code" />
      <PasswordField control={form.control} name="password" label="Password" />
      <PasswordField control={form.control} name="password_confirmation" label="Confirmation" />
      <Button type="submit">Submit</Button>
    </form>
  );
}

async function fillAndSubmit(values: { email?: string; code: string; password: string; confirmation: string }) {
  const user = userEvent.setup();
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Code'), values.code);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirmation'), values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const INVALID = { code: 'ab', password: 'short', confirmation: 'short' };
const MISMATCH = { email: 'a@b.aero', code: 'SVO', password: 'long-enough', confirmation: 'different' };

describe('form fields bound to zod schemas', () => {
  it('show the specification messages in English', async () => {
    renderWithProviders(<Form />);
    await fillAndSubmit(INVALID);
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(screen.getByText('Invalid format')).toBeInTheDocument();
    expect(screen.getByText('Value length must be at least 8 characters')).toBeInTheDocument();
  });

  it('reports a confirmation that does not match, in English and Russian', async () => {
    const { unmount } = renderWithProviders(<Form />);
    await fillAndSubmit(MISMATCH);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    unmount();
    await changeLocale('ru');
    renderWithProviders(<Form />);
    await fillAndSubmit(MISMATCH);
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
  });

  it('show the same messages in Russian', async () => {
    await changeLocale('ru');
    renderWithProviders(<Form />);
    await fillAndSubmit(INVALID);
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    expect(screen.getByText('Неверный формат')).toBeInTheDocument();
    expect(screen.getByText('Длина значения должна быть не меньше 8 символов')).toBeInTheDocument();
  });

  it('changes the shown messages when the language changes', async () => {
    renderWithProviders(<Form />);
    await fillAndSubmit(INVALID);
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await changeLocale('ru');
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
  });

  it('reports an incorrect email', async () => {
    renderWithProviders(<Form />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email entered incorrectly')).toBeInTheDocument();
  });
});
