import { waybillLabelsApi as api, labelsFileName, sliFileName } from '@aircargo/contract/waybill-labels';
import { type Module, route } from '../../platform/http';
import { WaybillLabelsService } from './waybill-labels.service';

const PDF = 'application/pdf';

export const waybillLabelsRoutes: Module = (app, { db, clock, config }) => {
  const service = new WaybillLabelsService(db, clock, config.appUrl);
  route(app, api.labels, async ({ auth, params, query, reply }) => {
    const { mawb, pdf } = await service.labels(auth, params.id, query);
    return reply
      .header('content-type', PDF)
      .header('content-disposition', `attachment; filename="${labelsFileName(mawb)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
  route(app, api.sli, async ({ auth, params, reply }) => {
    const { mawb, pdf } = await service.sli(auth, params.id);
    return reply
      .header('content-type', PDF)
      .header('content-disposition', `attachment; filename="${sliFileName(mawb)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
  route(app, api.sendShipperLetter, ({ auth, params, body }) => service.send(auth, params.id, body));
};
