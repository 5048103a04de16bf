import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { EAP_COPY_NAMES, EAP_MAX_COPY, EAP_PAPERS, type EapPaper } from '@aircargo/contract/waybill-documents';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/download/download-button';
import { apiDownload } from '@/lib/api/api-client';
import { errorMessage } from '@/lib/api/errors';

/** The eap.pdf flags the dialog offers (seed 001 section 7), in the order shown. */
export const PRINT_FLAGS = [
  'exclude_pcs_weight_volume',
  'exclude_headers',
  'hide_shipper',
  'no_layout',
  'reverse_side',
  'use_cyrillic_codes',
] as const;
type PrintFlag = (typeof PRINT_FLAGS)[number];

const COPY_NUMBERS = Array.from({ length: EAP_MAX_COPY }, (_, i) => i + 1);

/** The query of eap.pdf: the flags set, the copies in order and the paper. */
export function printQuery(flags: Record<PrintFlag, boolean>, copies: number[], paper: EapPaper) {
  const query: Record<string, string> = { paper, copies: [...copies].sort((a, b) => a - b).join(',') };
  for (const flag of PRINT_FLAGS) if (flags[flag]) query[flag] = 'true';
  return query;
}

/** The "Print" dialog of a waybill: flags, copies and paper, a preview of the PDF and its download. */
export function PrintDialog({
  waybill,
  opened,
  onClose,
}: {
  waybill: AirWaybillRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<Record<PrintFlag, boolean>>(
    () => Object.fromEntries(PRINT_FLAGS.map((f) => [f, false])) as Record<PrintFlag, boolean>,
  );
  const [copies, setCopies] = useState<number[]>([1, 2, 3]);
  const [paper, setPaper] = useState<EapPaper>('a4');
  const [preview, setPreview] = useState<{ url: string } | { error: string } | null>(null);
  const path = `air_waybills/${waybill.id}/eap.pdf`;
  const query = useMemo(() => printQuery(flags, copies, paper), [flags, copies, paper]);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    if (!opened || copies.length === 0) return;
    let url: string | null = null;
    let cancelled = false;
    setPreview(null);
    void apiDownload(path, { query: JSON.parse(queryKey), fallbackName: `awb_${waybill.mawb}.pdf` }).then((result) => {
      if (cancelled) return;
      if (!result.ok) {
        setPreview({ error: errorMessage(result.error, t) });
        return;
      }
      url = URL.createObjectURL(result.data.blob);
      setPreview({ url });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [opened, path, queryKey, copies.length, waybill.mawb, t]);

  const toggleCopy = (n: number, on: boolean) =>
    setCopies((list) => (on ? [...list, n] : list.filter((c) => c !== n)).sort((a, b) => a - b));

  return (
    <Modal opened={opened} onClose={onClose} size="90%" title={t('awbPrint.title', { mawb: waybill.mawb })}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap="sm" w={320} style={{ flexShrink: 0 }}>
          <Text fw={500} size="sm">
            {t('awbPrint.options')}
          </Text>
          {PRINT_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`awbPrint.flags.${flag}`)}
              checked={flags[flag]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setFlags((f) => ({ ...f, [flag]: checked }));
              }}
            />
          ))}
          <Text fw={500} size="sm">
            {t('awbPrint.paper')}
          </Text>
          <SegmentedControl
            aria-label={t('awbPrint.paper')}
            value={paper}
            onChange={(v) => setPaper(v as EapPaper)}
            data={EAP_PAPERS.map((p) => ({ value: p, label: t(`awbPrint.papers.${p}`) }))}
          />
          <Text fw={500} size="sm">
            {t('awbPrint.copies')}
          </Text>
          <SimpleGrid cols={1} spacing={4}>
            {COPY_NUMBERS.map((n) => (
              <Checkbox
                key={n}
                size="xs"
                label={EAP_COPY_NAMES[n]}
                checked={copies.includes(n)}
                onChange={(e) => toggleCopy(n, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
          {copies.length === 0 && (
            <Text c="red" size="sm">
              {t('awbPrint.noCopies')}
            </Text>
          )}
          <Group>
            <DownloadButton
              path={path}
              query={query}
              fallbackName={`awb_${waybill.mawb}.pdf`}
              label={t('awbPrint.download')}
              disabled={copies.length === 0}
            />
            <Button variant="default" onClick={onClose}>
              {t('awbPrint.close')}
            </Button>
          </Group>
        </Stack>
        <div style={{ flex: 1, minHeight: 600 }}>
          {copies.length > 0 && preview === null && <Loader aria-label={t('awbPrint.loading')} />}
          {preview && 'error' in preview && <Alert color="red">{preview.error}</Alert>}
          {preview && 'url' in preview && copies.length > 0 && (
            <iframe
              title={t('awbPrint.preview')}
              src={preview.url}
              style={{ width: '100%', height: '75vh', border: 0 }}
            />
          )}
        </div>
      </Group>
    </Modal>
  );
}

/** The "Print" action of the waybill detail. */
export function PrintAction({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        {t('awbPrint.action')}
      </Button>
      {opened && <PrintDialog waybill={waybill} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
