import { MESSAGES, type MessageKey } from '@aircargo/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n/i18n';
import { en } from '@/lib/i18n/locales/en';
import { es } from '@/lib/i18n/locales/es';
import { ru } from '@/lib/i18n/locales/ru';
import { translateValidation } from '@/lib/validation/messages';
import { errorFromResponse, errorMessage } from './errors';

/** A 422 as the server sends it: English texts where the specification puts them, keys beside them. */
const VALIDATION_BODY = {
  error: 'ValidationFailed',
  errors: { country: ['must be 2 characters'], name: ['required field'], note: ['free text without a key'] },
  message: 'country: must be 2 characters',
  message_key: { key: 'exactLength', params: { length: 2 } },
  error_keys: {
    country: [{ key: 'exactLength', params: { length: 2 } }],
    name: [{ key: 'required', params: {} }],
    note: [null],
  },
};

afterEach(async () => {
  await changeLocale('en');
});

describe('server errors translated by key (decision 013)', () => {
  it('reads message_key and error_keys beside the English texts', () => {
    const error = errorFromResponse(422, VALIDATION_BODY, null);
    expect(error.fieldErrors.country).toEqual(['must be 2 characters']);
    expect(error.messageKey).toEqual({ key: 'exactLength', params: { length: 2 } });
    expect(error.fieldKeys.name).toEqual([{ key: 'required', params: {} }]);
    expect(error.fieldKeys.note).toEqual([null]);
  });

  it('shows the message and the field errors in Russian by their keys, not by their English text', async () => {
    await changeLocale('ru');
    const t = i18n.getFixedT('ru');
    const error = errorFromResponse(422, VALIDATION_BODY, null);
    expect(errorMessage(error, t)).toBe('country: Должно быть 2 символа(ов)');
    const fields = error.fieldMessages;
    expect(translateValidation(fields.name?.[0], t)).toBe('Обязательное поле');
    expect(translateValidation(fields.country?.[0], t)).toBe('Должно быть 2 символа(ов)');
    // A text the server sent without a key is shown as it came.
    expect(translateValidation(fields.note?.[0], t)).toBe('free text without a key');
  });

  it('translates a keyed domain message and falls back to the code without a key', async () => {
    await changeLocale('ru');
    const t = i18n.getFixedT('ru');
    const keyed = errorFromResponse(
      422,
      {
        error: 'EmptyFields',
        errors: {},
        message: 'Current password is required',
        message_key: { key: 'currentPasswordRequired', params: {} },
      },
      null,
    );
    expect(errorMessage(keyed, t)).toBe('Введите текущий пароль');
    const plain = errorFromResponse(404, { error: 'NotFound', errors: {}, message: 'Company not found' }, null);
    expect(errorMessage(plain, t)).toBe(ru.errors.codes.NotFound);
  });

  it('shows the keyed not-found and throttling answers of the services in Russian', async () => {
    await changeLocale('ru');
    const t = i18n.getFixedT('ru');
    const company = errorFromResponse(
      404,
      {
        error: 'NotFound',
        errors: {},
        message: 'Company not found',
        message_key: { key: 'companyUnknown', params: {} },
      },
      null,
    );
    expect(errorMessage(company, t)).toBe('Компания не найдена');
    const role = errorFromResponse(
      404,
      { error: 'NotFound', errors: {}, message: 'Role not found', message_key: { key: 'roleNotFound', params: {} } },
      null,
    );
    expect(errorMessage(role, t)).toBe('Роль не найдена');
    const throttled = errorFromResponse(
      429,
      {
        error: 'TooManyRequests',
        errors: {},
        message: 'Too many sign-in attempts, try again later',
        message_key: { key: 'tooManySignInAttempts', params: {} },
      },
      null,
    );
    expect(errorMessage(throttled, t)).toBe('Слишком много попыток входа, попробуйте позже');
  });

  it('ignores a malformed or unknown key instead of failing', () => {
    const error = errorFromResponse(
      422,
      { error: 'ValidationFailed', errors: { a: ['x'] }, message: 'a: x', message_key: { key: 'noSuchKey' } },
      null,
    );
    expect(error.messageKey).toBeNull();
    expect(errorMessage(error, i18n.getFixedT('en'))).toBe('a: x');
  });

  it('has an English, Russian and Spanish text for every key of the catalogue', () => {
    const keys = Object.keys(MESSAGES) as MessageKey[];
    const missing = (bundle: { validation: Record<string, unknown> }) =>
      keys.filter((key) => typeof bundle.validation[key] !== 'string');
    expect(missing(en)).toEqual([]);
    expect(missing(ru)).toEqual([]);
    expect(missing(es as { validation: Record<string, unknown> })).toEqual([]);
  });
});
