import { pathOf } from '@aircargo/contract/endpoint';
import { type UploadReport, uploadReport } from '@aircargo/contract/flights';
import { type SendReportInput, waybillReportsApi } from '@aircargo/contract/waybill-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api/api-client';
import { callApi } from '@/lib/api/endpoint';
import { WAYBILLS } from './keys';

export type { UploadReport };

/** The report downloads. */
export const REPORT_PATHS = { xlsx: waybillReportsApi.xlsx.path, cass: waybillReportsApi.cass.path } as const;

export const goodsTemplatePath = (waybillId: number) => pathOf(waybillReportsApi.goodsTemplate.path, { id: waybillId });

export function useSendReport() {
  return useMutation({ mutationFn: (body: SendReportInput) => callApi(waybillReportsApi.send, { body }) });
}

/** Sends the workbook as the multipart field `file`; a report with failed rows wrote nothing. */
export function useUploadGoodsItems(waybillId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch<UploadReport>(pathOf(waybillReportsApi.goodsUpload.path, { id: waybillId }), {
        method: 'POST',
        body,
        schema: uploadReport,
        kind: false,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: WAYBILLS }),
  });
}
