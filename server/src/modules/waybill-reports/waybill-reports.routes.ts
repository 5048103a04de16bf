import { PassThrough } from 'node:stream';
import { XLSX_CONTENT_TYPE } from '@aircargo/contract/flights';
import { waybillReportsApi as api, GOODS_UPLOAD_MAX_BYTES } from '@aircargo/contract/waybill-reports';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { type App, type Module, route } from '../../platform/http';
import { uploadedFile } from '../../platform/uploads';
import { WaybillReportsService } from './waybill-reports.service';
import { goodsTemplate } from './waybill-reports.xlsx';

/**
 * Streams a report into the reply: the workbook is written into a pass-through the reply pipes to the client, so a
 * large report leaves the server as it is read. A failure after the headers went out ends the stream (the client sees
 * a broken download, never a half workbook taken for a whole one).
 */
function streamed(reply: FastifyReply, fileName: string, write: (out: PassThrough) => Promise<number>): FastifyReply {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  write(out).catch((error: unknown) => {
    reply.log.error({ err: error }, 'report stream failed');
    out.destroy(error as Error);
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(out);
}

export const waybillReportsRoutes: Module = async (app, { db, config }) => {
  const service = new WaybillReportsService(db, config.appUrl);
  route(app, api.xlsx, ({ auth, query, reply }) =>
    streamed(reply, 'awb_xlsx_report.xlsx', (out) => service.xlsx(auth, query, out)),
  );
  route(app, api.cass, ({ auth, query, reply }) =>
    streamed(reply, 'awb_cass_listing.xlsx', (out) => service.cass(auth, query, out)),
  );
  route(app, api.send, ({ auth, body }) => service.send(auth, body));
  route(app, api.goodsItems, ({ auth, params }) => service.goodsItems(auth, params.id));
  route(app, api.goodsTemplate, async ({ auth, params, reply }) => {
    await service.ensureWaybill(auth, params.id);
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="goods_items_template.xlsx"')
      .send(await goodsTemplate());
  });
  // The upload reads multipart/form-data (the parser may already be registered app-wide by the attachments module;
  // `uploadedFile` applies this upload's own size limit per request).
  await app.register(async (scope: App) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(fastifyMultipart);
    route(scope, api.goodsUpload, async ({ auth, params, request }) =>
      service.uploadGoods(auth, params.id, await uploadedFile(request, GOODS_UPLOAD_MAX_BYTES)),
    );
  });
};
