import {
  tariffChargesApi as charges,
  tariffGroupsApi as groups,
  tariffSurchargesApi as surcharges,
  TARIFFS_XLSX_FILENAME,
  tariffsApi as tariffs,
} from '@aircargo/contract/tariffs';
import fastifyMultipart from '@fastify/multipart';
import { type Module, route } from '../../platform/http';
import { uploadedFile } from '../../platform/uploads';
import { QUOTE_CACHE_TTL_MS, QuoteCache, QuoteService, TARIFFS_CHANNEL } from './tariffs.quote';
import { TariffsService } from './tariffs.service';
import { TariffsXlsxService } from './tariffs-xlsx.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The largest upload taken (a workbook of tens of thousands of tariffs is well below). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

export const tariffsRoutes: Module = async (app, { db, clock, notifications, config }) => {
  const service = new TariffsService(db, clock);
  const cache = new QuoteCache(QUOTE_CACHE_TTL_MS, config.authCacheTtlMs);
  await notifications.subscribe(TARIFFS_CHANNEL, {
    onPayload: (payload) => cache.onNotification(payload),
    onState: (live) => cache.setLive(live),
  });
  const quotes = new QuoteService(db, cache, clock);
  const xlsx = new TariffsXlsxService(db, service);

  // Multipart bodies (the XLSX upload); per-request limits above. Another module may have registered it already.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5 } });
  }

  // Tariffs.
  route(app, tariffs.list, ({ auth, query }) => service.list(auth, 'tariff', query));
  route(app, tariffs.get, ({ auth, params }) => service.get(auth, 'tariff', params.id));
  route(app, tariffs.create, ({ auth, body }) => service.createTariff(auth, body));
  route(app, tariffs.update, ({ auth, params, body }) => service.updateTariff(auth, params.id, body));
  route(app, tariffs.remove, async ({ auth, params }) => {
    await service.remove(auth, 'tariff', params.id);
  });
  route(app, tariffs.notificationMarks, ({ auth, body }) => service.mark(auth, 'tariff', body));
  route(app, tariffs.xlsx, async ({ auth, query, reply }) => {
    const file = await xlsx.download(auth, query);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${TARIFFS_XLSX_FILENAME}"`)
      .send(file);
  });
  route(app, tariffs.upload, async ({ auth, query, request }) =>
    xlsx.upload(auth, await uploadedFile(request, UPLOAD_LIMIT), query.airline_id),
  );
  route(app, tariffs.quote, ({ auth, body }) => quotes.quote(auth, body));
  route(app, tariffs.forwarderTariffs, async ({ auth, query }) => {
    const page = await service.list(auth, 'tariff', { ...query, mode: 'all', order: 'code' });
    return {
      data: page.data.map(({ notified_companies: _n, excluded_companies: _e, ...tariff }) => tariff),
      meta: page.meta,
    };
  });

  // Charges.
  route(app, charges.list, ({ auth, query }) => service.list(auth, 'charge', query));
  route(app, charges.get, ({ auth, params }) => service.get(auth, 'charge', params.id));
  route(app, charges.create, ({ auth, body }) => service.createCharge(auth, body));
  route(app, charges.update, ({ auth, params, body }) => service.updateCharge(auth, params.id, body));
  route(app, charges.remove, async ({ auth, params }) => {
    await service.remove(auth, 'charge', params.id);
  });
  route(app, charges.notificationMarks, ({ auth, body }) => service.mark(auth, 'charge', body));

  // Surcharges.
  route(app, surcharges.list, ({ auth, query }) => service.list(auth, 'surcharge', query));
  route(app, surcharges.get, ({ auth, params }) => service.get(auth, 'surcharge', params.id));
  route(app, surcharges.create, ({ auth, body }) => service.createSurcharge(auth, body));
  route(app, surcharges.update, ({ auth, params, body }) => service.updateSurcharge(auth, params.id, body));
  route(app, surcharges.remove, async ({ auth, params }) => {
    await service.remove(auth, 'surcharge', params.id);
  });
  route(app, surcharges.notificationMarks, ({ auth, body }) => service.mark(auth, 'surcharge', body));

  // Commodity groups.
  route(app, groups.list, ({ auth, query }) => service.listGroups(auth, query));
  route(app, groups.get, ({ auth, params }) => service.getGroup(auth, params.id));
  route(app, groups.create, ({ auth, body }) => service.createGroup(auth, body));
  route(app, groups.update, ({ auth, params, body }) => service.updateGroup(auth, params.id, body));
  route(app, groups.remove, async ({ auth, params }) => {
    await service.removeGroup(auth, params.id);
  });
};
