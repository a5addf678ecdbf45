// The conformance harness itself (bench/conformance): reading formulas and cached values from the
// sheet XML, the scoring rules of shared/conformance/README.md, the baseline comparison, and one
// small workbook end to end through a worker thread. Runs without the corpus.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormulaError, InvalidAddressError } from '../../src/core/index.js';
import { InvalidDocumentError } from '../../src/persistence/index.js';
import {
  compareWithBaseline,
  formatBaseline,
  type Baseline,
} from '../../bench/conformance/baseline.js';
import { failureKind } from '../../bench/conformance/evaluate.js';
import {
  functionsCalled,
  refersToOtherWorkbook,
  shiftFormula,
} from '../../bench/conformance/formula-scan.js';
import { parseCommandLine } from '../../bench/conformance/options.js';
import { runConformance, type ConformanceResults } from '../../bench/conformance/run.js';
import { agrees, missCause, selectCells } from '../../bench/conformance/scoring.js';
import { decodeXstring, readExpectedWorkbook } from '../../bench/conformance/sheet-xml.js';

async function handmadeXlsx(sheetXml: string, extra: Record<string, string> = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    'xl/workbook.xml',
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheets><sheet name="Data &amp; more" sheetId="1" r:id="rId1"/></sheets>' +
      '<definedNames><definedName name="Stamp">\'Data &amp; more\'!$A$1</definedName></definedNames></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetXml}</sheetData></worksheet>`,
  );
  for (const [name, text] of Object.entries(extra)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('sheet XML', () => {
  it('reads cached values of every type, shared formulas and array formulas', async () => {
    const book = await readExpectedWorkbook(
      await handmadeXlsx(
        '<row r="1"><c r="A1"><f ca="1">TODAY()</f><v>46000</v></c><c r="B1" t="b"><f>1=2</f><v>0</v></c>' +
          '<c r="C1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D1" t="str"><f>""</f><v></v></c>' +
          '<c r="E1" t="s"><f>"x"&amp;"y"</f><v>0</v></c></row>' +
          '<row r="2"><c r="A2"><f t="shared" ref="A2:A4" si="0">B$1+C2</f><v>1.5</v></c></row>' +
          '<row r="3"><c r="A3"><f t="shared" si="0"/><v>2</v></c>' +
          '<c r="B3"><f t="array" ref="B3:B4">Stamp+1</f><v>46001</v></c><c r="C3"><f>B4*2</f></c></row>' +
          '<row r="4"><c r="B4"><v>46002</v></c></row>',
        {
          'xl/sharedStrings.xml':
            '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>x</t></r><r><t>y</t></r></si></sst>',
        },
      ),
    );
    expect(book.sheets).toEqual(['Data & more']);
    const byAddress = Object.fromEntries(book.cells.map((cell) => [cell.address, cell]));
    expect(byAddress['B1']!.expected).toEqual({ kind: 'boolean', value: false });
    expect(byAddress['C1']!.expected).toEqual({ kind: 'error', value: '#DIV/0!' });
    expect(byAddress['D1']!.expected).toEqual({ kind: 'text', value: '' });
    expect(byAddress['E1']!.expected).toEqual({ kind: 'text', value: 'xy' });
    expect(byAddress['E1']!.formula).toBe('"x"&"y"');
    expect(byAddress['A3']).toMatchObject({
      kind: 'shared',
      formula: 'B$1+C2',
      shift: { rows: 1, cols: 0 },
      expected: { kind: 'number', value: 2 },
    });
    expect(byAddress['C3']!.expected).toBeUndefined();

    // TODAY() in A1 reaches B3 through the name Stamp, C3 through B4 in B3's array range, and A3
    // (A2's shared formula moved down a row: B$1+C3) through C3.
    const { scored, excluded } = selectCells(book);
    expect(excluded).toEqual({ volatile: 4, 'other-workbook': 0, 'no-cached-value': 0 });
    expect(scored.map(({ cell }) => cell.address)).toEqual(['B1', 'C1', 'D1', 'E1', 'A2']);
  });
});

describe('escaped text', () => {
  it('reads _xHHHH_ as the character it stands for, and _x005F_ as a literal underscore', () => {
    expect(decodeXstring('a_x0001_b_x000D_')).toBe('a\u0001b\r');
    expect(decodeXstring('_x005F_x0001_')).toBe('_x0001_');
    expect(decodeXstring('plain_text_x12_')).toBe('plain_text_x12_');
  });
});

describe('formula text', () => {
  it('names the functions called, outside strings and quoted sheet names', () => {
    expect(
      functionsCalled(
        `_xlfn._xlws.SORT(A1:A3)+_xlfn.XLOOKUP(1,"SUM(",B:B)+RANK.EQ(1,A1:A2)+'x(y'!A1+LOG10(2)+lambda_name(1)`,
      ),
    ).toEqual(['SORT', 'XLOOKUP', 'RANK.EQ', 'LOG10']);
  });

  it('moves a shared formula to another cell', () => {
    expect(shiftFormula(`A3+$B$2+Sheet2!C$4:D5+SUM(A:B)+"A1"+'My Sheet'!E1+LOG10(A1)`, 1, 1)).toBe(
      `B4+$B$2+Sheet2!D$4:E6+SUM(B:C)+"A1"+'My Sheet'!F2+LOG10(B2)`,
    );
    expect(shiftFormula('A1+B2', -1, 0)).toBe('#REF!+B1');
  });

  it('tells references to other workbooks from structured references', () => {
    expect(refersToOtherWorkbook('[1]Sheet1!A1+1')).toBe(true);
    expect(refersToOtherWorkbook("'[2]My sheet'!A1")).toBe(true);
    expect(refersToOtherWorkbook('[1]!Rate')).toBe(true);
    expect(refersToOtherWorkbook('SUM(Table1[2019])+LEN("[1]x!")')).toBe(false);
  });
});

describe('agreement', () => {
  it('compares as the corpus README says', () => {
    expect(agrees({ kind: 'number', value: 1e12 }, 1e12 + 1e-4)).toBe(true);
    expect(agrees({ kind: 'number', value: 0 }, 1e-10)).toBe(true);
    expect(agrees({ kind: 'number', value: 1 }, 1.000001)).toBe(false);
    expect(agrees({ kind: 'number', value: 0 }, null)).toBe(false);
    expect(agrees({ kind: 'text', value: '' }, null)).toBe(true);
    expect(agrees({ kind: 'text', value: 'a' }, 'A')).toBe(false);
    expect(agrees({ kind: 'boolean', value: false }, 0)).toBe(false);
    expect(
      agrees({ kind: 'error', value: '#REF!' }, new FormulaError('#REF! (Invalid A1 notation)')),
    ).toBe(true);
    expect(agrees({ kind: 'error', value: '#N/A' }, new FormulaError('#VALUE!'))).toBe(false);
    expect(agrees({ kind: 'error', value: '#VALUE!' }, '#VALUE!')).toBe(false);
  });

  it('names why a cell disagrees: the missing function, the error given instead, a wrong value', () => {
    const missing = new FormulaError('#NAME?', 'Function name LINEST not recognized.');
    expect(missCause({ kind: 'number', value: 1 }, missing)).toBe('#NAME?: no function LINEST');
    expect(missCause({ kind: 'number', value: 1 }, new FormulaError('#VALUE!'))).toBe(
      '#VALUE! where Excel has number',
    );
    expect(missCause({ kind: 'error', value: '#N/A' }, 0)).toBe('a value where Excel has #N/A');
    expect(missCause({ kind: 'text', value: 'a' }, 'b')).toBe('wrong text value');
    expect(missCause({ kind: 'text', value: 'a' }, undefined)).toBe('sheet missing after import');
  });

  it('counts our own errors as refusals and anything else as crashes', () => {
    expect(failureKind(new InvalidDocumentError('file', 'bad'))).toBe('refusal');
    expect(failureKind(new InvalidAddressError('cell', 'ZZZZ1'))).toBe('refusal');
    expect(failureKind(new TypeError('x is undefined'))).toBe('crash');
  });
});

function resultsWith(
  agree: number,
  scored: number,
  functions: Record<string, { cells: number; agree: number }>,
): ConformanceResults {
  return { agree, scored, functions } as unknown as ConformanceResults;
}

describe('baseline', () => {
  const baseline: Baseline = {
    date: '2026-01-01',
    workbooks: 1,
    overall: { cells: 1000, agree: 600, percent: 60 },
    functions: {
      SUM: { cells: 100, agree: 90, percent: 90 },
      'RANK.EQ': { cells: 20, agree: 10, percent: 50 },
    },
  };

  it('passes within 0.05 points, fails on a drop, reports a rise', () => {
    const same = resultsWith(6000, 10_003, {
      SUM: { cells: 100, agree: 90 },
      'RANK.EQ': { cells: 20, agree: 10 },
    });
    expect(compareWithBaseline(same, baseline)).toEqual({ drops: [], gains: [] });

    const worse = resultsWith(600, 1000, {
      SUM: { cells: 100, agree: 89 },
      'RANK.EQ': { cells: 20, agree: 11 },
    });
    const compared = compareWithBaseline(worse, baseline);
    expect(compared.drops).toEqual([expect.stringMatching(/^SUM: 89\.00 %/)]);
    expect(compared.gains).toEqual([expect.stringMatching(/^RANK\.EQ: 55\.00 %/)]);

    const gone = compareWithBaseline(
      resultsWith(600, 1000, { SUM: { cells: 100, agree: 90 } }),
      baseline,
    );
    expect(gone.drops).toEqual([expect.stringMatching(/^RANK\.EQ: no longer scored/)]);
  });

  it('is written one figure a line and reads back', () => {
    const text = formatBaseline(baseline);
    expect(text).toContain('\n    "RANK.EQ": { "cells": 20, "agree": 10, "percent": 50 }');
    expect(JSON.parse(text)).toEqual(baseline);
  });
});

describe('command line', () => {
  it('parses the options and refuses a filtered baseline', () => {
    const parsed = parseCommandLine([
      '--filter',
      'pycel',
      '--all',
      '--json=out.json',
      '--workers',
      '0',
    ]);
    expect(parsed).toMatchObject({
      kind: 'run',
      options: { filter: 'pycel', all: true, workers: 0, writeBaseline: false },
    });
    expect(parseCommandLine(['--write-baseline', '--filter', 'x'])).toMatchObject({
      kind: 'error',
    });
    expect(parseCommandLine(['--json'])).toMatchObject({ kind: 'error' });
    expect(parseCommandLine(['--bogus'])).toMatchObject({ kind: 'error' });
  });

  it('reads --function as the upper-case name whose every mismatch is listed', () => {
    expect(parseCommandLine(['--function', 'text'])).toMatchObject({
      kind: 'run',
      options: { function: 'TEXT' },
    });
    expect(parseCommandLine(['--function'])).toMatchObject({ kind: 'error' });
  });
});

describe('a small corpus end to end', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'gridbook-conformance-'));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.getCell('A1').value = 1;
    sheet.getCell('A2').value = 2;
    sheet.getCell('B1').value = { formula: 'SUM(A1:A2)', result: 3 };
    sheet.getCell('B2').value = { formula: 'A1/0', result: { error: '#DIV/0!' } };
    sheet.getCell('B3').value = { formula: 'ROUND(A2*10,0)', result: 21 }; // Excel "said" 21: a mismatch
    sheet.getCell('B4').value = { formula: 'NOW()', result: 46000.5 };
    sheet.getCell('B5').value = { formula: 'B4+1', result: 46001.5 };
    await writeFile(
      path.join(folder, 'small.xlsx'),
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    await writeFile(path.join(folder, 'broken.xlsx'), 'not a zip');
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('scores in a worker thread as in this one', async () => {
    for (const workers of [1, 0]) {
      const results = await runConformance({ corpus: folder, workers });
      expect(results.workbooks).toBe(2);
      const small = results.results.find((result) => result.file === 'small.xlsx')!;
      expect(small).toMatchObject({ imported: true, formulaCells: 5, scored: 3, agree: 2 });
      expect(small.excluded.volatile).toBe(2);
      expect(small.mismatches).toEqual([
        { sheet: 'Sheet1', cell: 'B3', formula: '=ROUND(A2*10,0)', expected: '21', actual: '20' },
      ]);
      expect(results.functions['ROUND']).toEqual({ cells: 1, agree: 0 });
      const broken = results.results.find((result) => result.file === 'broken.xlsx')!;
      expect(broken).toMatchObject({ imported: false, failure: 'unreadable', scored: 0 });
    }
  });

  it('lists only the mismatches of the cells calling the function asked for', async () => {
    for (const workers of [1, 0]) {
      const sums = await runConformance({ corpus: folder, workers, mismatchesOf: 'SUM' });
      const ofSum = sums.results.find((result) => result.file === 'small.xlsx')!;
      expect(ofSum.mismatches).toEqual([]);
      const rounds = await runConformance({ corpus: folder, workers, mismatchesOf: 'ROUND' });
      const ofRound = rounds.results.find((result) => result.file === 'small.xlsx')!;
      expect(ofRound.mismatches.map((miss) => miss.cell)).toEqual(['B3']);
    }
  }, 60_000);
});
