import {
  LABEL_FORMATS,
  type LabelFormat,
  labelsFileName,
  sendShipperLetterBody,
  sliFileName,
  waybillLabelsApi,
} from '@aircargo/contract/waybill-labels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import { WAYBILLS } from './keys';

export { LABEL_FORMATS, type LabelFormat, labelsFileName, sliFileName };

/** The labels and letter downloads (the download primitive fetches them with progress). */
export const labelsPath = (id: number) => `/api/v3/air_waybills/${id}/mawb_labels`;
export const sliPath = (id: number) => `/api/v3/air_waybills/${id}/sli.pdf`;

/** The send dialog's form: the contract's body. */
export const shipperLetterForm = sendShipperLetterBody;

/** Sends the shipper's letter; the waybill's sli fields change, so its queries refetch. */
export function useSendShipperLetter(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: (typeof shipperLetterForm)['_output']) =>
      callApi(waybillLabelsApi.sendShipperLetter, { params: { id }, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: WAYBILLS });
    },
  });
}
