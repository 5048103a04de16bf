import { allotmentsApi as api } from '@aircargo/contract/bookings';
import { CAPACITY_UPLOAD_MAX_BYTES, XLSX_CONTENT_TYPE } from '@aircargo/contract/flights';
import fastifyMultipart from '@fastify/multipart';
import { type App, type Module, route } from '../../platform/http';
import { uploadedFile } from '../capacities/capacities.xlsx';
import { AllotmentsService } from './allotments.service';
import { buildTemplate } from './allotments.xlsx';

export const allotmentsRoutes: Module = async (app, { db, clock }) => {
  const service = new AllotmentsService(db, clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.template, async ({ reply }) =>
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="allotments_template.xlsx"')
      .send(await buildTemplate()),
  );
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.remove, async ({ auth, params }) => {
    await service.remove(auth, params.id);
  });
  // The upload reads multipart/form-data (streamed, within the upload size limit) in a scope of its own, as the
  // capacity uploads do.
  await app.register(async (scope: App) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: CAPACITY_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
    route(scope, api.upload, async ({ auth, request }) => service.upload(auth, await uploadedFile(request)));
  });
};
