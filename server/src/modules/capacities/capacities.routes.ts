import {
  baggageAveragesApi,
  baggageStatFilesApi,
  baggageStatRecordApi,
  baggageStatsApi,
  CAPACITY_UPLOAD_MAX_BYTES,
  type CapacityUploadKind,
  capacityApi,
  paxOdAverageFilesApi,
  paxOdAveragesApi,
  segmentPayloadFilesApi,
  segmentPayloadsApi,
  XLSX_CONTENT_TYPE,
} from '@aircargo/contract/flights';
import fastifyMultipart from '@fastify/multipart';
import { type App, type Module, route } from '../../platform/http';
import { CapacitiesService } from './capacities.service';
import { buildTemplate, uploadedFile } from './capacities.xlsx';

export const capacitiesRoutes: Module = async (app, { db }) => {
  const service = new CapacitiesService(db);

  route(app, capacityApi.aircraftCapacities, ({ auth, query }) => service.aircraftCapacities(auth, query.airline_id));
  route(app, capacityApi.updateAircraftCapacities, ({ auth, body }) => service.updateAircraftCapacities(auth, body));

  route(app, segmentPayloadsApi.list, ({ auth, query }) => service.listSegmentPayloads(auth, query));
  route(app, segmentPayloadsApi.create, ({ auth, body }) => service.createSegmentPayload(auth, body));
  route(app, segmentPayloadsApi.update, ({ auth, params, body }) =>
    service.updateSegmentPayload(auth, params.id, body),
  );
  route(app, segmentPayloadsApi.remove, ({ auth, params }) => service.remove(auth, 'segmentPayloads', params.id));

  route(app, paxOdAveragesApi.list, ({ auth, query }) => service.listPaxOdAverages(auth, query));
  route(app, paxOdAveragesApi.create, ({ auth, body }) => service.createPaxOdAverage(auth, body));
  route(app, paxOdAveragesApi.update, ({ auth, params, body }) => service.updatePaxOdAverage(auth, params.id, body));
  route(app, paxOdAveragesApi.remove, ({ auth, params }) => service.remove(auth, 'paxOdAverages', params.id));

  route(app, baggageAveragesApi.list, ({ auth, query }) => service.listBaggageAverages(auth, query));
  route(app, baggageAveragesApi.create, ({ auth, body }) => service.createBaggageAverage(auth, body));
  route(app, baggageAveragesApi.update, ({ auth, params, body }) =>
    service.updateBaggageAverage(auth, params.id, body),
  );
  route(app, baggageAveragesApi.remove, ({ auth, params }) => service.remove(auth, 'baggageAverages', params.id));

  route(app, baggageStatsApi.list, ({ auth, query }) => service.listBaggageStats(auth, query));
  route(app, baggageStatRecordApi.get, ({ auth, params }) => service.getBaggageStat(auth, params.id));
  route(app, baggageStatsApi.create, ({ auth, body }) => service.createBaggageStat(auth, body));
  route(app, baggageStatsApi.update, ({ auth, params, body }) => service.updateBaggageStat(auth, params.id, body));
  route(app, baggageStatsApi.remove, ({ auth, params }) => service.remove(auth, 'baggageStats', params.id));

  const files = [
    [segmentPayloadFilesApi, 'segment_payloads'],
    [paxOdAverageFilesApi, 'pax_od_averages'],
    [baggageStatFilesApi, 'baggage_stats'],
  ] as const satisfies readonly (readonly [unknown, CapacityUploadKind])[];
  for (const [api, kind] of files) {
    route(app, api.template, async ({ reply }) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${kind}_template.xlsx"`)
        .send(await buildTemplate(kind)),
    );
  }
  // The uploads read multipart/form-data (streamed, within the upload size limit) in a scope of their own.
  await app.register(async (scope: App) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: CAPACITY_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
    for (const [api, kind] of files) {
      route(scope, api.upload, async ({ auth, query, request }) =>
        service.upload(auth, kind, query.airline_id, await uploadedFile(request)),
      );
    }
  });
};
