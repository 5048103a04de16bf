import {
  ahmTelegramsApi,
  cimpTelegramsApi,
  MAX_INCOMING_BATCH_LENGTH,
  telegramIntakeApi,
  telegramIntakeKeysApi,
} from '@aircargo/contract/incoming-telegrams';
import { type App, type Module, route } from '../../platform/http';
import { takeRateLimits } from '../../platform/rate-limit';
import { MultipartError, parseMultipart } from '../ssim-telegrams/ssim-telegrams.multipart';
import { IncomingTelegramsService } from './incoming-telegrams.service';

/** Bytes an upload or intake call may carry (a batch of telegrams and the multipart framing). */
export const TELEGRAM_BODY_LIMIT = MAX_INCOMING_BATCH_LENGTH + 64 * 1024;
/** Intake calls per minute: per client address, and per key once it is known. */
export const INTAKE_LIMIT_PER_MINUTE = 6000;

/** The upload's fields from multipart/form-data: the first file part (or a `body` field) and an optional `notes`. */
export function telegramUploadFromMultipart(body: Buffer, contentType: string): { body: string; notes: string | null } {
  const parts = parseMultipart(body, contentType);
  const file = parts.find((p) => p.filename !== null) ?? parts.find((p) => p.name === 'body');
  if (!file) throw new MultipartError('multipart upload without a file');
  const notes = parts
    .find((p) => p.name === 'notes' && p.filename === null)
    ?.data.toString('utf8')
    .trim();
  return { body: file.data.toString('utf8'), notes: notes || null };
}

export const incomingTelegramsRoutes: Module = async (app, { db, clock }) => {
  const service = new IncomingTelegramsService(db, clock);
  route(app, cimpTelegramsApi.list, ({ auth, query }) => service.list(auth, 'cimp', query));
  route(app, cimpTelegramsApi.get, ({ auth, params }) => service.get(auth, 'cimp', params.id));
  route(app, cimpTelegramsApi.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, cimpTelegramsApi.delete, ({ auth, params }) => service.delete(auth, params.id));
  route(app, cimpTelegramsApi.restart, ({ auth, params }) => service.restart(auth, params.id));
  route(app, cimpTelegramsApi.forWaybill, ({ auth, params }) => service.forWaybill(auth, params.id));
  route(app, ahmTelegramsApi.list, ({ auth, query }) => service.list(auth, 'ahm', query));
  route(app, ahmTelegramsApi.get, ({ auth, params }) => service.get(auth, 'ahm', params.id));
  route(app, telegramIntakeKeysApi.list, ({ auth }) => service.keys(auth));
  route(app, telegramIntakeKeysApi.create, ({ auth, body }) => service.createKey(auth, body));
  route(app, telegramIntakeKeysApi.delete, ({ auth, params }) => service.deleteKey(auth, params.id));
  // Upload, validation and the intake take batches larger than the API's JSON limit: their own scope, which also reads
  // multipart/form-data (the upload screen's file) and text/plain (the gateway's telegrams as they are).
  await app.register(async (scope: App) => {
    scope.addHook('onRoute', (options) => {
      options.bodyLimit = TELEGRAM_BODY_LIMIT;
    });
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
      try {
        done(null, telegramUploadFromMultipart(body as Buffer, String(request.headers['content-type'])));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      done(null, { body: String(body) });
    });
    route(scope, cimpTelegramsApi.upload, ({ auth, body }) => service.upload(auth, body));
    route(scope, cimpTelegramsApi.validate, ({ body }) => service.validate(body.body));
    route(scope, telegramIntakeApi.intake, async ({ body, request }) => {
      await takeRateLimits(db, [
        { scope: 'telegram_intake', key: `ip:${request.ip}`, max: INTAKE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      ]);
      const companyId = await service.intakeCompany(request.headers.authorization);
      return service.intake(companyId, body.body);
    });
  });
};
