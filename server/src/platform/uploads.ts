import type { FastifyRequest } from 'fastify';
import { AppError, message, validation } from './errors';

const fileMissing = () => validation({ file: [message('uploadFileMissing')] }, message('uploadFileMissing'));

/**
 * The bytes of the multipart field `file` of an upload call, at most `maxBytes`: no multipart body, another field or an
 * empty file is a 422 naming the field; a larger file a 413 naming the limit. The route's module registers the
 * multipart parser (`@fastify/multipart`).
 */
export async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw fileMissing();
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (part?.fieldname !== 'file') throw fileMissing();
  let file: Buffer;
  try {
    file = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PayloadTooLarge', message('uploadTooLarge', { max: maxBytes / 1024 / 1024 }));
    }
    throw error;
  }
  if (file.length === 0) throw fileMissing();
  return file;
}
