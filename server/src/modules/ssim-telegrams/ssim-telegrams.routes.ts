import { ssimTelegramsApi as api, MAX_TELEGRAM_LENGTH } from '@aircargo/contract/ssim-telegrams';
import { type App, type Module, route } from '../../platform/http';
import { uploadFromMultipart } from './ssim-telegrams.multipart';
import { SsimTelegramsService } from './ssim-telegrams.service';

/** Bytes an upload may carry (a telegram of MAX_TELEGRAM_LENGTH characters and the multipart framing). */
export const UPLOAD_BODY_LIMIT = MAX_TELEGRAM_LENGTH + 64 * 1024;

export const ssimTelegramsRoutes: Module = async (app, { db, clock }) => {
  const service = new SsimTelegramsService(db, clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.restart, ({ auth, params }) => service.restart(auth, params.id));
  route(app, api.exportSchedule, async ({ auth, query, reply }) => {
    const { fileName, text } = await service.exportSchedule(auth, query);
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(text);
  });
  // The upload takes files far larger than the API's JSON limit, as JSON or multipart/form-data: its own scope.
  await app.register(async (scope: App) => {
    scope.addHook('onRoute', (options) => {
      options.bodyLimit = UPLOAD_BODY_LIMIT;
    });
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
      try {
        done(null, uploadFromMultipart(body as Buffer, String(request.headers['content-type'])));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    route(scope, api.upload, ({ auth, body }) => service.upload(auth, body));
  });
};
