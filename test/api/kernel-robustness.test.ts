// Issue 12's acceptance: no formula breaks the workbook. A 3,000-term operator chain (6,000
// characters, which Excel accepts) and a 2,000-deep parenthesis nest each answer 200 with a
// value or a sentinel, and every read, export and save still works afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/start-app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const everyRead = [
  '/system/export',
  '/system/export.xlsx',
  '/grid',
  '/peek',
  '/schema',
  '/api/workbook',
];

describe('[ISSUE-12] formulas that overflowed the engine', () => {
  it.each([
    ['a 3,000-term + chain', `=${Array(3_000).fill('1').join('+')}`],
    [
      'a 2,000-term chain of cell references',
      `=${Array.from({ length: 2_000 }, (_, index) => `A${(index % 9) + 1}`).join('*')}`.slice(
        0,
        8_000,
      ),
    ],
    ['a 2,000-deep parenthesis nest', `=${'('.repeat(2_000)}1${')'.repeat(2_000)}`],
  ])(
    '%s answers 200 with a sentinel, and export, save, /grid, /peek and /schema still answer 200',
    async (_label, formula) => {
      const written = await app.http.post('/grid/cell', { cell: 'C1', value: formula });
      expect(written.status, written.text).toBe(200);
      expect(written.body.value).toBe('#PARSE_ERROR!');
      expect(
        (await app.http.post('/eval', { formulas: [{ cell: 'Z1', formula: formula.slice(1) }] }))
          .status,
      ).toBe(200);
      for (const path of everyRead) expect((await app.http.get(path)).status, path).toBe(200);
      expect((await app.http.post('/system/save')).status).toBe(200);
      // And the workbook computes on.
      await app.http.post('/grid/cell', { cell: 'D1', value: '=2+3' });
      expect((await app.http.get('/peek', { range: 'D1' })).body.rows).toEqual([[5]]);
    },
  );
});
