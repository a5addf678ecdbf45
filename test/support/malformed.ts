// Generators of malformed requests for robustness tests: whole bodies that are not what a
// route expects, and bad values to put into one field at a time. Raw JSON text is built by
// hand where JSON.stringify would itself recurse too deeply.

/** Values of the wrong type for any field. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  false,
  [],
  [null],
  [[1, [2]]],
  {},
  { a: 1 },
  'text',
];

/** Strings that are wrong for addresses, ranges, names and formulas, or just hostile. */
export const BAD_STRINGS: readonly string[] = [
  '',
  ' ',
  'A0',
  '1A',
  'ZZZZZZZ1',
  'XFE1',
  'A1048577',
  'Sheet1!',
  "'unterminated!A1",
  'Nope!A1',
  'A1:XFD1048576',
  '1:1048576',
  'A:XFD',
  '=1/0',
  `=${'('.repeat(300)}1${')'.repeat(300)}`,
  '=SUM(A1:XFD1048576)',
  '\u{1D518}\u{1D52B}\u{1D526}\u{1D520}\u{1D52C}\u{1D521}\u{1D522} \u2603 \u2211 \u0645\u0631\u062D\u0628\u0627',
  '\u0000\u0007\u001f',
  '\ud800',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%s%n%x',
];

/** One megabyte of text. */
export const HUGE_STRING = 'x'.repeat(1_000_000);

/** JSON text of `depth` nested arrays: [[[[…]]]]. */
export function deepArrayJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** JSON text of `depth` nested objects: {"a":{"a":…1}}. */
export function deepObjectJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Every bad value for one field, as JSON text (so deep values need no JSON.stringify). */
export function badFieldJson(
  options: { deepNesting?: number } = {},
): { label: string; json: string }[] {
  const depth = options.deepNesting ?? 100_000;
  return [
    ...WRONG_TYPES.map((value) => ({ label: JSON.stringify(value), json: JSON.stringify(value) })),
    ...BAD_STRINGS.map((value) => ({
      label: JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value),
      json: JSON.stringify(value),
    })),
    { label: '1 MB string', json: JSON.stringify(HUGE_STRING) },
    { label: `${depth} nested arrays`, json: deepArrayJson(depth) },
    { label: `${depth} nested objects`, json: deepObjectJson(depth) },
  ];
}

export interface RawBody {
  readonly label: string;
  /** undefined sends no body at all. */
  readonly payload: string | Buffer | undefined;
  readonly contentType?: string;
}

/** Whole request bodies that are not the object a route expects. */
export function malformedBodies(options: { deepNesting?: number } = {}): RawBody[] {
  const depth = options.deepNesting ?? 100_000;
  const json = (label: string, payload: string): RawBody => ({
    label,
    payload,
    contentType: 'application/json',
  });
  return [
    { label: 'no body', payload: undefined },
    json('empty body', ''),
    json('null', 'null'),
    json('an empty array', '[]'),
    json('an array of numbers', '[1,2,3]'),
    json('a string', '"hello"'),
    json('a number', '123'),
    json('true', 'true'),
    json('an empty object', '{}'),
    json('truncated JSON', '{"a":'),
    json('a lone brace', '{'),
    json('a trailing comma', '{"a":1,}'),
    json('single quotes', "{'a':1}"),
    json('NaN', '{"a":NaN}'),
    json('a __proto__ key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
    json(`${depth} nested arrays`, deepArrayJson(depth)),
    json(`${depth} nested objects`, deepObjectJson(depth)),
    json('a 1 MB string', JSON.stringify(HUGE_STRING)),
    {
      label: 'invalid UTF-8',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: 'application/json',
    },
    { label: 'JSON sent as text/plain', payload: '{"a":1}', contentType: 'text/plain' },
    { label: 'a form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    {
      label: 'broken multipart',
      payload: '--x\r\nContent-Disposition: form-data\r\n\r\nzz',
      contentType: 'multipart/form-data; boundary=x',
    },
    {
      label: 'bytes',
      payload: Buffer.from([0, 1, 2, 255]),
      contentType: 'application/octet-stream',
    },
    { label: 'a made-up content type', payload: '<a/>', contentType: 'application/xml' },
  ];
}
