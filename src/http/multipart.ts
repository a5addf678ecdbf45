// A small multipart/form-data reader (RFC 7578) for file uploads: GridOS clients send
// workbooks as the form field `file`. No multipart package is installed, and uploads here are
// whole files already bounded by the body limit, so the body is read as one buffer.
import { HttpError } from './errors.js';

export interface FormPart {
  readonly name: string;
  readonly fileName: string | undefined;
  readonly contentType: string | undefined;
  readonly data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary parameter of a multipart content type, or undefined when there is none. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && boundary.length <= 70 ? boundary : undefined;
}

function headerParameter(header: string, parameter: string): string | undefined {
  // filename*=UTF-8''… (RFC 5987) wins over the plain form when a client sends both.
  const extended = new RegExp(`;\\s*${parameter}\\*=(?:UTF-8|utf-8)''([^;]+)`).exec(header);
  if (extended !== null) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = new RegExp(`;\\s*${parameter}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]+))`, 'i').exec(
    header,
  );
  if (plain === null) return undefined;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!.trim();
}

function parsePart(raw: Buffer, index: number): FormPart {
  const split = raw.indexOf(HEADER_END);
  if (split === -1)
    throw new HttpError(400, `multipart part ${index + 1} has no blank line after its headers.`);
  const headers = new Map<string, string>();
  for (const line of raw.subarray(0, split).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = headerParameter(disposition, 'name');
  if (!/^form-data/i.test(disposition) || name === undefined) {
    throw new HttpError(
      400,
      `multipart part ${index + 1} needs a "Content-Disposition: form-data; name=…" header.`,
    );
  }
  return {
    name,
    fileName: headerParameter(disposition, 'filename'),
    contentType: headers.get('content-type'),
    data: raw.subarray(split + HEADER_END.length),
  };
}

/** Every part of the body; a body without its closing boundary is a 400. */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  if (position === -1)
    throw new HttpError(
      400,
      'The multipart body does not contain its boundary; send it as multipart/form-data with the field "file".',
    );
  const parts: FormPart[] = [];
  for (let index = 0; ; index += 1) {
    const after = position + delimiter.length;
    if (body[after] === 0x2d && body[after + 1] === 0x2d) return parts; // "--": the closing delimiter
    const start = body.indexOf(CRLF, after);
    if (start === -1) break;
    // A delimiter only counts at the start of a line, so file bytes that merely contain it stay data.
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), start);
    if (next === -1) break;
    parts.push(parsePart(body.subarray(start + CRLF.length, next), index));
    position = next + CRLF.length;
  }
  throw new HttpError(
    400,
    'The multipart body ends before its closing boundary; the upload may be truncated.',
  );
}

/** The named field of a multipart request, or a 400 that names what to send. */
export function formField(body: Buffer, contentType: string | undefined, field: string): FormPart {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined)
    throw new HttpError(400, 'Content-Type multipart/form-data needs a boundary parameter.');
  const part = parseMultipart(body, boundary).find((candidate) => candidate.name === field);
  if (part === undefined)
    throw new HttpError(
      400,
      `${field}: field required; send the file as the multipart form field "${field}".`,
    );
  return part;
}
