// A filter's criteria in xlsx (xlsx-filter.ts): written as Excel spells them, read back the same,
// and criteria Gridbook cannot hold leave only that column unfiltered.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { parseRange, writeRangeOps, type SheetFilter } from '../core/index.js';
import { decodeXlsx } from './xlsx-codec.js';
import { exportXlsx } from './workbook-transfer.js';

const { open } = useWorkbooks();

async function exported(filter: SheetFilter): Promise<Buffer> {
  const book = open();
  book.apply(
    writeRangeOps('Sheet1', { row: 0, col: 0 }, [
      ['Region', 'Name', 'Units', 'Note'],
      ['North', 'a*b', 5, ''],
      ['South', 'abc', 12, 'x'],
      ['', 'zeta', 30, 'y'],
    ]),
  );
  book.apply([{ type: 'set-layout', sheet: 'Sheet1', patch: { filter } }]);
  return exportXlsx(book, {});
}

async function sheetXml(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  return zip.file('xl/worksheets/sheet1.xml')!.async('string');
}

async function withSheetXml(bytes: Buffer, edit: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  zip.file('xl/worksheets/sheet1.xml', edit(await sheetXml(bytes)));
  return zip.generateAsync({ type: 'nodebuffer' });
}

const range = parseRange('A1:D4');
const filter: SheetFilter = {
  range,
  columns: [
    { col: 0, values: ['North', ''] },
    {
      col: 1,
      conditions: [
        { op: 'contains', value: 'a*' },
        { op: 'ends_with', value: 'ta' },
      ],
      join: 'or',
    },
    {
      col: 2,
      conditions: [
        { op: 'gte', value: 5 },
        { op: 'lt', value: 20 },
      ],
    },
    { col: 3, conditions: [{ op: 'not_blank' }] },
  ],
};

describe('a filter in xlsx', () => {
  it('writes each column as Excel does: value lists, custom filters with wildcards, and/or', async () => {
    const xml = await sheetXml(await exported(filter));
    expect(xml).toContain(
      '<autoFilter ref="A1:D4">' +
        '<filterColumn colId="0"><filters blank="1"><filter val="North"/></filters></filterColumn>' +
        '<filterColumn colId="1"><customFilters><customFilter val="*a~**"/><customFilter val="*ta"/></customFilters></filterColumn>' +
        '<filterColumn colId="2"><customFilters and="1"><customFilter operator="greaterThanOrEqual" val="5"/><customFilter operator="lessThan" val="20"/></customFilters></filterColumn>' +
        '<filterColumn colId="3"><customFilters and="1"><customFilter operator="notEqual" val=" "/></customFilters></filterColumn>' +
        '</autoFilter>',
    );
  });

  it('reads the criteria back as they were written', async () => {
    const decoded = await decodeXlsx(await exported(filter));
    expect(decoded.sheets[0]!.layout?.filter).toEqual({
      range,
      columns: [
        { col: 0, values: ['North', ''] },
        filter.columns[1],
        filter.columns[2],
        filter.columns[3],
      ],
    });
  });

  it('keeps a filter without criteria as its range', async () => {
    const bytes = await exported({ range, columns: [] });
    expect(await sheetXml(bytes)).toContain('<autoFilter ref="A1:D4"/>');
    expect((await decodeXlsx(bytes)).sheets[0]!.layout?.filter).toEqual({ range, columns: [] });
  });

  it("leaves a column unfiltered when Excel's criteria cannot be held (dates by year, a wildcard inside the text), keeping the others", async () => {
    const bytes = await withSheetXml(await exported(filter), (xml) =>
      xml
        .replace(
          /<filterColumn colId="1">.*?<\/filterColumn>/,
          '<filterColumn colId="1"><customFilters><customFilter val="a*c"/></customFilters></filterColumn>',
        )
        .replace(
          /<filterColumn colId="3">.*?<\/filterColumn>/,
          '<filterColumn colId="3"><filters><dateGroupItem year="2024" dateTimeGrouping="year"/></filters></filterColumn>',
        ),
    );
    expect((await decodeXlsx(bytes)).sheets[0]!.layout?.filter).toEqual({
      range,
      columns: [{ col: 0, values: ['North', ''] }, filter.columns[2]],
    });
  });

  it('reads text comparisons and an "or" of two equal values as Excel writes them', async () => {
    const bytes = await withSheetXml(await exported({ range, columns: [] }), (xml) =>
      xml.replace(
        '<autoFilter ref="A1:D4"/>',
        '<autoFilter ref="A1:D4"><filterColumn colId="0"><customFilters>' +
          '<customFilter val="North"/><customFilter operator="equal" val="So~?th"/>' +
          '</customFilters></filterColumn></autoFilter>',
      ),
    );
    expect((await decodeXlsx(bytes)).sheets[0]!.layout?.filter?.columns).toEqual([
      {
        col: 0,
        conditions: [
          { op: 'eq', value: 'North' },
          { op: 'eq', value: 'So?th' },
        ],
        join: 'or',
      },
    ]);
  });
});
