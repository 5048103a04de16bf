import type { QueryParams } from '@aircargo/contract/query-string';
import { Button, type ButtonProps, Progress, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, saveFile } from '@/lib/api/api-client';
import { toast } from '@/lib/notify';

export interface DownloadButtonProps extends ButtonProps {
  path: string;
  query?: QueryParams;
  /** Used when the server sends no content-disposition name (e.g. "tariffs.xlsx"). */
  fallbackName: string;
  label: string;
}

/** Downloads a file from the API, showing progress; the file name comes from the server. */
export function DownloadButton({ path, query, fallbackName, label, ...props }: DownloadButtonProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);

  const download = async () => {
    setProgress(0);
    const result = await apiDownload(path, {
      query,
      fallbackName,
      onProgress: (loaded, total) => setProgress(total ? Math.round((loaded / total) * 100) : null),
    });
    setProgress(null);
    if (result.ok) saveFile(result.data);
    else if (result.error.kind === 'Custom') toast(t('errors.downloadUnavailable'), 'negative');
  };

  return (
    <Stack gap={4}>
      <Button variant="light" {...props} loading={progress !== null} onClick={() => void download()}>
        {label}
      </Button>
      {progress !== null && <Progress value={progress} size="xs" aria-label={t('common.downloadProgress')} />}
    </Stack>
  );
}
