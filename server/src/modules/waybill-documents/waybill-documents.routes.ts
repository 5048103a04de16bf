import { waybillDocumentsApi as api } from '@aircargo/contract/waybill-documents';
import { type Module, route } from '../../platform/http';
import { WaybillDocumentsService } from './waybill-documents.service';

export const waybillDocumentsRoutes: Module = (app, { db }) => {
  const service = new WaybillDocumentsService(db);
  route(app, api.json, ({ auth, params, query }) => service.eap(auth, params.id, query.use_cyrillic_codes ?? false));
  route(app, api.pdf, async ({ auth, params, query, reply }) => {
    const { fileName, body } = await service.pdf(auth, params.id, query);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(body.length))
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
};
