import { FileInput, SegmentedControl, Stack, Textarea } from '@mantine/core';

/** A telegram chosen as a file (sent as multipart) or pasted as text (sent as JSON). */
export type TelegramSource = { file: File } | { text: string };

export interface TelegramSourceValue {
  mode: 'file' | 'text';
  file: File | null;
  text: string;
}

export const EMPTY_TELEGRAM_SOURCE: TelegramSourceValue = { mode: 'file', file: null, text: '' };

/** The file or the text of the chosen mode, or null while it is empty. */
export function telegramSourceOf(value: TelegramSourceValue): TelegramSource | null {
  if (value.mode === 'file') return value.file ? { file: value.file } : null;
  return value.text.trim() ? { text: value.text } : null;
}

/** Reads the telegram text of a source (a file's content as UTF-8 text). */
export function telegramText(source: TelegramSource): Promise<string> {
  if (!('file' in source)) return Promise.resolve(source.text);
  const { file } = source;
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** FormData of a file for an upload call. */
export function telegramForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

export interface TelegramSourceInputProps {
  value: TelegramSourceValue;
  onChange: (value: TelegramSourceValue) => void;
  /** Names of the two modes on the switch. */
  modeLabels: { file: string; text: string };
  fileLabel: string;
  textLabel: string;
  /** Shown under the empty input (e.g. "Required field"). */
  error?: string;
  rows?: number;
}

/** Messaging uploads (SSIM, CIMP): a file or pasted text, switched by a segmented control. */
export function TelegramSourceInput({
  value,
  onChange,
  modeLabels,
  fileLabel,
  textLabel,
  error,
  rows = 10,
}: TelegramSourceInputProps) {
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as 'file' | 'text' })}
        data={[
          { value: 'file', label: modeLabels.file },
          { value: 'text', label: modeLabels.text },
        ]}
      />
      {value.mode === 'file' ? (
        <FileInput
          label={fileLabel}
          value={value.file}
          onChange={(file) => onChange({ ...value, file })}
          clearable
          error={error}
        />
      ) : (
        <Textarea
          label={textLabel}
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.currentTarget.value })}
          rows={rows}
          styles={{ input: { fontFamily: 'monospace' } }}
          error={error}
        />
      )}
    </Stack>
  );
}
