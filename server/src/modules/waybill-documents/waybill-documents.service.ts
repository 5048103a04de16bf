import type { AwbRef } from '@aircargo/contract/air-waybills';
import type { EapDocument, EapPdfQuery } from '@aircargo/contract/waybill-documents';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { visibleWaybillRecord } from '../air-waybills/air-waybills.service';
import { renderEap } from './waybill-documents.pdf';
import { presentEap } from './waybill-documents.presenter';
import * as repo from './waybill-documents.repository';

/**
 * Printed air waybills (issue 13 item 1): the waybill as the IATA form prints it (`eap.json`) and the form itself
 * (`eap.pdf`). The waybill is read through the air waybills service, so the visibility rule (`visibleWaybillsWhere`)
 * and the presenter are the same as GET /air_waybills/:id: another company's waybill is not found (404).
 */
export class WaybillDocumentsService {
  constructor(private readonly db: Db) {}

  async eap(auth: AuthContext, ref: AwbRef, cyrillic: boolean): Promise<EapDocument> {
    const w = await visibleWaybillRecord(this.db, auth, ref);
    const codes = [w.origin_iata, w.destination_iata, ...w.route_data.flatMap((l) => [l.origin, l.destination])];
    const [airports, due, agentCode] = await Promise.all([
      repo.airportNames(this.db, codes),
      repo.chargeDue(
        this.db,
        w.rate_lines.map((l) => l.code),
      ),
      repo.agentCode(this.db, w.forwarder.id),
    ]);
    return presentEap(w, { airports, due, agentCode, cyrillic });
  }

  /** The PDF and its file name (`awb_<number>.pdf`). */
  async pdf(auth: AuthContext, ref: AwbRef, query: EapPdfQuery): Promise<{ fileName: string; body: Buffer }> {
    const doc = await this.eap(auth, ref, query.use_cyrillic_codes ?? false);
    return { fileName: `awb_${doc.mawb}.pdf`, body: await renderEap(doc, query) };
  }
}
