import { ATTACHMENT_MAX_BYTES, attachmentsApi as api } from '@aircargo/contract/attachments';
import fastifyMultipart from '@fastify/multipart';
import { attachmentDisposition, servedContentType } from '../../platform/file-types';
import { type App, type Module, route } from '../../platform/http';
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
  // The upload reads multipart/form-data in a scope of its own; the file streams to the storage within the limit.
  await app.register(async (scope: App) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    route(scope, api.upload, ({ auth, request }) => service.upload(auth, request));
  });
};
