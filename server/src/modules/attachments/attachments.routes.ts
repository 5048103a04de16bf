import { attachmentsApi as api } from '@aircargo/contract/attachments';
import fastifyMultipart from '@fastify/multipart';
import { attachmentDisposition, servedContentType } from '../../platform/file-types';
import { type Module, route } from '../../platform/http';
import { createFileStorage } from '../../platform/storage';
import { AttachmentsService } from './attachments.service';

export const attachmentsRoutes: Module = async (app, { db, clock, config }) => {
  const service = new AttachmentsService(db, createFileStorage(config.attachmentStorage), clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  // Always a download: never rendered by the browser (no inline disposition, no sniffing, script sandboxed).
  route(app, api.download, async ({ auth, params, reply }) => {
    const { record, body } = await service.download(auth, params.id);
    return reply
      .header('content-type', servedContentType(record.content_type))
      .header('content-length', String(record.size))
      .header('content-disposition', attachmentDisposition(record.file_name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(body);
  });
  route(app, api.remove, async ({ auth, params }) => {
    await service.remove(auth, params.id);
  });
  // Multipart bodies: another module may have registered the parser already; the upload sets its own limits per request.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
  route(app, api.upload, ({ auth, request }) => service.upload(auth, request));
};
