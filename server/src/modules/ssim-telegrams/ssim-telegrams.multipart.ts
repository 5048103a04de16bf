/**
 * multipart/form-data (RFC 7578) read from a whole buffered body: the upload screen sends the chosen file this way. The
 * body is already bounded by the route's body limit, so parts are sliced out of the buffer without streaming.
 */

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export class MultipartError extends Error {
  readonly statusCode = 400;
}

/** The boundary parameter of a multipart/form-data content type. */
export function boundaryOf(contentType: string): string {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary || boundary.length > 70) throw new MultipartError('multipart/form-data without a valid boundary');
  return boundary;
}

function headerParam(header: string, name: string): string | null {
  const m =
    new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ??
    new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header);
  return m?.[1] === undefined ? null : m[1].replace(/\\(.)/g, '$1');
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at === -1) throw new MultipartError('multipart body without its boundary');
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    const start = body.indexOf('\r\n', afterDelimiter);
    if (start === -1) throw new MultipartError('multipart body ends inside a part');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), start);
    if (next === -1) throw new MultipartError('multipart body without its closing boundary');
    const part = body.subarray(start + 2, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) throw new MultipartError('multipart part without headers');
    const headers = new Map<string, string>();
    for (const line of part.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = headerParam(disposition, 'name');
    if (!/^form-data/i.test(disposition) || name === null) {
      throw new MultipartError('multipart part without a form-data name');
    }
    parts.push({
      name,
      filename: headerParam(disposition, 'filename'),
      contentType: headers.get('content-type') ?? null,
      data: part.subarray(headerEnd + 4),
    });
    at = next + 2;
  }
}

/**
 * The upload's fields from a multipart body: the first file part (any field name) or a `body` field is the telegram,
 * the file's name (or a `file_name` field) its name.
 */
export function uploadFromMultipart(body: Buffer, contentType: string): { body: string; file_name: string | null } {
  const parts = parseMultipart(body, contentType);
  const file = parts.find((p) => p.filename !== null) ?? parts.find((p) => p.name === 'body');
  if (!file) throw new MultipartError('multipart upload without a file');
  const named = parts
    .find((p) => p.name === 'file_name' && p.filename === null)
    ?.data.toString('utf8')
    .trim();
  return { body: file.data.toString('utf8'), file_name: file.filename || named || null };
}
