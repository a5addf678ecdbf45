import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { boundaryOf, formField, parseMultipart } from './multipart.js';

const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';

function body(...parts: string[]): Buffer {
  return Buffer.from(
    `preamble ignored\r\n${parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join('')}--${BOUNDARY}--\r\nepilogue`,
    'latin1',
  );
}

describe('multipart/form-data reader', () => {
  it('finds the boundary, quoted or not', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data')).toBeUndefined();
  });

  it('reads each part with its name, file name, content type and exact bytes', () => {
    const parts = parseMultipart(
      body(
        'Content-Disposition: form-data; name="note"\r\n\r\nhello',
        'Content-Disposition: form-data; name="file"; filename="Q3 \\"plan\\".xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\x03\x04\r\n\r\nbinary',
      ),
      BOUNDARY,
    );
    expect(
      parts.map((part) => [
        part.name,
        part.fileName,
        part.contentType,
        part.data.toString('latin1'),
      ]),
    ).toEqual([
      ['note', undefined, undefined, 'hello'],
      ['file', 'Q3 "plan".xlsx', 'application/octet-stream', 'PK\x03\x04\r\n\r\nbinary'],
    ]);
  });

  it('keeps bytes that contain the boundary text mid-line as data', () => {
    const tricky = `x--${BOUNDARY}y\r\nmore --${BOUNDARY}\r\n`;
    const [part] = parseMultipart(
      body(`Content-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${tricky}`),
      BOUNDARY,
    );
    expect(part!.data.toString('latin1')).toBe(tricky);
  });

  it('reads an RFC 5987 filename* and an empty file', () => {
    const [part] = parseMultipart(
      body(
        `Content-Disposition: form-data; name="file"; filename="x"; filename*=UTF-8''Caf%C3%A9.xlsx\r\n\r\n`,
      ),
      BOUNDARY,
    );
    expect(part!.fileName).toBe('Café.xlsx');
    expect(part!.data.length).toBe(0);
  });

  it.each([
    ['no boundary in the body', Buffer.from('just bytes'), /does not contain its boundary/],
    [
      'a truncated body',
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc`),
      /before its closing boundary/,
    ],
    [
      'a part without Content-Disposition',
      body('Content-Type: text/plain\r\n\r\nabc'),
      /Content-Disposition/,
    ],
    [
      'a part without a blank line',
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n--${BOUNDARY}--`),
      /blank line/,
    ],
  ])('answers 400 for %s', (_label, raw, message) => {
    expect(() => parseMultipart(raw, BOUNDARY)).toThrow(HttpError);
    expect(() => parseMultipart(raw, BOUNDARY)).toThrow(message);
  });

  it('formField names the missing field', () => {
    const raw = body('Content-Disposition: form-data; name="other"\r\n\r\nx');
    expect(() => formField(raw, `multipart/form-data; boundary=${BOUNDARY}`, 'file')).toThrow(
      /^file: field required/,
    );
    expect(() => formField(raw, 'multipart/form-data', 'file')).toThrow(/boundary parameter/);
    try {
      formField(raw, `multipart/form-data; boundary=${BOUNDARY}`, 'file');
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(400);
    }
  });
});
