// Refusals written for API callers, as the page words them (web/src/api/errors.ts).
import { describe, expect, it } from 'vitest';
import { describeDetail } from '../../web/src/api/errors.js';

describe('refusals in the words of the page', () => {
  it('a paste, fill or cut onto a locked cell names the context menu, not the API call to unlock it', () => {
    expect(
      describeDetail(
        'Cell C5 on sheet "Sheet2" is locked; unlock it first with POST /grid/unlock. Nothing was written.',
      ),
    ).toBe('C5 is locked; unlock it (right-click → Unlock) first. Nothing was written.');
    expect(
      describeDetail(
        'Cell B2 on sheet "My ""Q1"" plan" is locked (and 3 more locked target cell(s)); unlock it first with POST /grid/unlock. Nothing was written.',
      ),
    ).toBe(
      'B2 is locked (and 3 more locked cells); unlock it (right-click → Unlock) first. Nothing was written.',
    );
  });

  it('the request field a refusal starts with is left out: the person never typed new_name or body', () => {
    expect(
      describeDetail(
        'new_name: a sheet named "Sheet1" already exists (sheet names are case-insensitive).',
      ),
    ).toBe('A sheet named "Sheet1" already exists (sheet names are case-insensitive).');
    expect(describeDetail('body: is not a readable .xlsx workbook (no zip).')).toBe(
      'The file is not a readable .xlsx workbook (no zip).',
    );
    expect(describeDetail('range: must be one rectangle.')).toBe('range: must be one rectangle.');
    // A sentence that only has a colon further on is left as it is.
    expect(describeDetail('Sheet "Data" not found: check its name.')).toBe(
      'Sheet "Data" not found: check its name.',
    );
  });
});
