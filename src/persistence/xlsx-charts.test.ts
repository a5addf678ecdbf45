import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { createChartOps, parseRange, writeRangeOps, type Workbook } from '../core/index.js';
import { decodeXlsx } from './xlsx-codec.js';
import {
  addCharts,
  chartOfPart,
  plottedData,
  readCharts,
  withDrawingElement,
} from './xlsx-charts.js';
import { exportXlsx, importXlsxOps } from './workbook-transfer.js';

const { open } = useWorkbooks();
const AT = new Date(Date.UTC(2026, 11, 1));

/** A sheet whose name needs quoting, a header row, three months and a computed cell. */
function charted(): Workbook {
  const workbook = open({ name: 'Charts', sheetNames: ["Q3 data's", 'Summary'] });
  workbook.apply(
    writeRangeOps("Q3 data's", { row: 0, col: 0 }, [
      ['Month', 'North', 'South'],
      ['Jan', 10, 1.5],
      ['Feb', 20, 2.5],
      ['Mar', 30, '=C3*2'],
    ]),
  );
  const put = (sheet: string, id: string, draft: Record<string, unknown>) =>
    workbook.apply(createChartOps(sheet, id, draft).ops);
  put("Q3 data's", 'bar', {
    data_range: 'A1:C4',
    chart_type: 'bar',
    title: 'Sales & <more>',
    anchor_cell: 'E2',
    width: 500,
    height: 300,
    orientation: 'columns',
  });
  put("Q3 data's", 'line', {
    data_range: 'A1:C4',
    chart_type: 'line',
    title: 'By month',
    anchor_cell: 'E20',
    width: 320,
    height: 240,
    orientation: 'rows',
  });
  put("Q3 data's", 'pie', {
    data_range: 'A2:B4',
    chart_type: 'pie',
    title: '',
    anchor_cell: 'M2',
    orientation: 'columns',
  });
  put("Q3 data's", 'single', { data_range: 'B2:B4', anchor_cell: 'M20' });
  put('Summary', 'elsewhere', {
    data_range: "'Q3 data''s'!A1:B4",
    chart_type: 'line',
    anchor_cell: 'B2',
  });
  return workbook;
}

function withoutIds(workbook: Workbook, sheet: string) {
  return workbook
    .sheet(sheet)
    .charts()
    .map(({ id: _id, ...rest }) => rest);
}

describe('charts in xlsx', () => {
  it('bar, line and pie charts in both orientations come back from an xlsx export equal apart from their ids', async () => {
    const original = charted();
    const bytes = await exportXlsx(original, { at: AT });
    const copy = open({ name: 'Copy' });
    copy.apply(await importXlsxOps(copy, bytes, 'Copy.xlsx'));
    for (const sheet of ["Q3 data's", 'Summary'])
      expect(withoutIds(copy, sheet)).toEqual(withoutIds(original, sheet));
    expect(withoutIds(copy, "Q3 data's")).toHaveLength(4);
  });

  it('writes chart parts, a drawing, their relationships and content types, and the <drawing> element after pageSetup', async () => {
    const zip = await JSZip.loadAsync(await exportXlsx(charted(), { at: AT }));
    const text = async (name: string) => {
      const file = zip.file(name);
      expect(file, name).not.toBeNull();
      return file!.async('string');
    };
    const types = await text('[Content_Types].xml');
    for (const part of [1, 2, 3, 4, 5])
      expect(types).toContain(
        `<Override PartName="/xl/charts/chart${part}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`,
      );
    for (const part of [1, 2])
      expect(types).toContain(
        `<Override PartName="/xl/drawings/drawing${part}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`,
      );
    // Every relationship points at a part the archive holds.
    for (const name of Object.keys(zip.files).filter((one) => one.endsWith('.rels'))) {
      const folder = name.replace(/_rels\/[^/]*\.rels$/, '');
      for (const match of (await text(name)).matchAll(/Target="([^"]+)"/g)) {
        const target = match[1]!.startsWith('/')
          ? match[1]!.slice(1)
          : new URL(match[1]!, `http://x/${folder}`).pathname.slice(1);
        expect(zip.file(target), `${name} → ${match[1]}`).not.toBeNull();
      }
    }
    const sheet = await text('xl/worksheets/sheet1.xml');
    expect(sheet).toMatch(/<pageSetup [^>]*\/><drawing r:id="rId1"\/><\/worksheet>$/);
    expect(await text('xl/worksheets/_rels/sheet1.xml.rels')).toContain(
      'Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"',
    );
    const drawing = await text('xl/drawings/drawing1.xml');
    expect(drawing).toContain(
      '<xdr:from><xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="4762500" cy="2857500"/>',
    );
    const bar = await text('xl/charts/chart1.xml');
    expect(bar).toContain('<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>');
    expect(bar).toContain('<a:t>Sales &amp; &lt;more&gt;</a:t>');
    expect([...bar.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((match) => match[1])).toEqual([
      "'Q3 data''s'!$B$1",
      "'Q3 data''s'!$A$2:$A$4",
      "'Q3 data''s'!$B$2:$B$4",
      "'Q3 data''s'!$C$1",
      "'Q3 data''s'!$A$2:$A$4",
      "'Q3 data''s'!$C$2:$C$4",
    ]);
    // The cached values are the computed ones (C4 is =C3*2).
    const caches = [...bar.matchAll(/<c:numCache>([\s\S]*?)<\/c:numCache>/g)].map((match) =>
      [...match[1]!.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((value) => Number(value[1])),
    );
    expect(caches).toEqual([
      [10, 20, 30],
      [1.5, 2.5, 5],
    ]);
    expect(bar).toMatch(
      /<c:axId val="(\d+)"\/><c:axId val="(\d+)"\/><\/c:barChart><c:catAx><c:axId val="\1"\/>[\s\S]*<c:crossAx val="\2"\/>[\s\S]*<c:valAx><c:axId val="\2"\/>[\s\S]*<c:crossAx val="\1"\/>/,
    );
    const line = await text('xl/charts/chart2.xml');
    expect([...line.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((match) => match[1])).toEqual([
      "'Q3 data''s'!$A$2",
      "'Q3 data''s'!$B$1:$C$1",
      "'Q3 data''s'!$B$2:$C$2",
      "'Q3 data''s'!$A$3",
      "'Q3 data''s'!$B$1:$C$1",
      "'Q3 data''s'!$B$3:$C$3",
      "'Q3 data''s'!$A$4",
      "'Q3 data''s'!$B$1:$C$1",
      "'Q3 data''s'!$B$4:$C$4",
    ]);
    const pie = await text('xl/charts/chart3.xml');
    expect(pie).toContain('<c:pieChart><c:varyColors val="1"/>');
    expect(pie).not.toContain('<c:catAx>');
    expect(pie).toContain('<c:autoTitleDeleted val="1"/>');
    // A single column is one series without labels; Excel numbers its points.
    const single = await text('xl/charts/chart4.xml');
    expect(single).not.toContain('<c:cat>');
    // The other sheet's chart plots the first sheet by its name.
    expect(await text('xl/charts/chart5.xml')).toContain("<c:f>'Q3 data''s'!$B$2:$B$4</c:f>");
  });

  it('points series at a sheet by the name the file gives it (History, which Excel reserves, as History~2)', async () => {
    const workbook = open({ name: 'Renamed', sheetNames: ['Main', 'History'] });
    workbook.apply(
      writeRangeOps('History', { row: 0, col: 0 }, [
        ['Year', 'Sales'],
        [2025, 7],
        [2026, 9],
      ]),
    );
    workbook.apply(createChartOps('Main', 'c', { data_range: 'History!A1:B3' }).ops);
    const bytes = await exportXlsx(workbook, { at: AT });
    const chart = await (
      await JSZip.loadAsync(bytes)
    )
      .file('xl/charts/chart1.xml')!
      .async('string');
    expect([...chart.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((match) => match[1])).toEqual([
      "'History~2'!$B$1",
      "'History~2'!$A$2:$A$3",
      "'History~2'!$B$2:$B$3",
    ]);
    // Numeric labels stay numbers.
    expect(chart).toContain(
      "<c:cat><c:numRef><c:f>'History~2'!$A$2:$A$3</c:f><c:numCache><c:formatCode>General</c:formatCode>" +
        '<c:ptCount val="2"/><c:pt idx="0"><c:v>2025</c:v></c:pt><c:pt idx="1"><c:v>2026</c:v></c:pt>',
    );
    const copy = open({ name: 'Copy' });
    copy.apply(await importXlsxOps(copy, bytes, 'Copy.xlsx'));
    expect(copy.sheet('Main').charts()).toMatchObject([{ data_range: "'History~2'!A1:B3" }]);
  });

  it('leaves a workbook without charts as exceljs writes it', async () => {
    const workbook = open({ name: 'Plain' });
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [['a', 1]]));
    const bytes = await exportXlsx(workbook, { at: AT });
    const names = Object.keys((await JSZip.loadAsync(bytes)).files);
    expect(names.filter((name) => /chart|drawing/.test(name))).toEqual([]);
    const same = Buffer.from(bytes);
    expect(
      await addCharts(same, [{ excelName: 'Sheet1', charts: [], plotted: () => undefined }]),
    ).toBe(same);
  });

  it('reads a chart anchored across two cells at the size those cells span', async () => {
    const zip = await JSZip.loadAsync(await exportXlsx(charted(), { at: AT }));
    const drawing = await zip.file('xl/drawings/drawing2.xml')!.async('string');
    // From B2 to E12 plus 10 px: 3 columns at the sheet's default 100 px, 10 rows of 20 px.
    zip.file(
      'xl/drawings/drawing2.xml',
      drawing
        .replace('<xdr:oneCellAnchor>', '<xdr:twoCellAnchor editAs="oneCell">')
        .replace('</xdr:oneCellAnchor>', '</xdr:twoCellAnchor>')
        .replace(
          /<xdr:ext cx="\d+" cy="\d+"\/>/,
          '<xdr:to><xdr:col>4</xdr:col><xdr:colOff>95250</xdr:colOff><xdr:row>11</xdr:row><xdr:rowOff>95250</xdr:rowOff></xdr:to>',
        ),
    );
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'nodebuffer' }));
    expect(decoded.sheets[1]!.charts).toMatchObject([
      { anchor_cell: 'B2', width: 3 * 100 + 10, height: 10 * 20 + 10 },
    ]);
  });

  it('reads charts from a drawing in the default namespace, as openpyxl writes one, which exceljs cannot parse', async () => {
    const original = charted();
    const zip = await JSZip.loadAsync(await exportXlsx(original, { at: AT }));
    for (const name of ['xl/drawings/drawing1.xml', 'xl/drawings/drawing2.xml']) {
      const drawing = await zip.file(name)!.async('string');
      zip.file(
        name,
        drawing
          .replace('xmlns:xdr="', 'xmlns="')
          .replace(/<(\/?)xdr:/g, '<$1')
          .replace(/ macro=""/g, ''),
      );
    }
    const copy = open({ name: 'Copy' });
    copy.apply(
      await importXlsxOps(copy, await zip.generateAsync({ type: 'nodebuffer' }), 'Copy.xlsx'),
    );
    for (const sheet of ["Q3 data's", 'Summary'])
      expect(withoutIds(copy, sheet)).toEqual(withoutIds(original, sheet));
  });

  it('skips charts Gridbook cannot draw and never fails the import for one', async () => {
    const zip = await JSZip.loadAsync(await exportXlsx(charted(), { at: AT }));
    const bar = await zip.file('xl/charts/chart1.xml')!.async('string');
    zip.file('xl/charts/chart1.xml', bar.replace(/c:barChart>/g, 'c:bar3DChart>'));
    zip.file('xl/charts/chart2.xml', '<c:chartSpace><c:chart><c:plotArea><c:lineChart');
    const data = await zip.generateAsync({ type: 'nodebuffer' });
    const decoded = await decodeXlsx(data);
    expect((decoded.sheets[0]!.charts ?? []).map((chart) => chart.chart_type)).toEqual([
      'pie',
      'bar',
    ]);
    const { skipped } = await readCharts(data, decoded.sheets);
    expect(skipped).toEqual([
      'xl/charts/chart1.xml on sheet "Q3 data\'s": a bar3DChart has no Gridbook counterpart',
      'xl/charts/chart2.xml on sheet "Q3 data\'s": it has no plot area',
    ]);
  });
});

describe('chart parts read as Gridbook charts', () => {
  const part = (plot: string, title = '') =>
    `<c:chartSpace xmlns:c="c" xmlns:a="a"><c:chart>${title}<c:plotArea><c:layout/>${plot}</c:plotArea></c:chart></c:chartSpace>`;
  const series = (values: string, cat?: string, tx?: string) =>
    `<c:ser><c:idx val="0"/><c:order val="0"/>${tx === undefined ? '' : `<c:tx><c:strRef><c:f>${tx}</c:f></c:strRef></c:tx>`}` +
    `<c:dLbls><c:dLbl><c:tx><c:v>label</c:v></c:tx></c:dLbl></c:dLbls>` +
    `${cat === undefined ? '' : `<c:cat><c:strRef><c:f>${cat}</c:f></c:strRef></c:cat>`}<c:val><c:numRef><c:f>${values}</c:f></c:numRef></c:val></c:ser>`;

  it('reads a horizontal bar chart as a bar chart, its rich title as text', () => {
    const xml = part(
      `<c:barChart><c:barDir val="bar"/>${series('Data!$B$2:$B$5', 'Data!$A$2:$A$5', 'Data!$B$1')}</c:barChart>`,
      '<c:title><c:tx><c:rich><a:p><a:r><a:t>Top</a:t></a:r><a:r><a:t> line</a:t></a:r></a:p><a:p><a:r><a:t>two</a:t></a:r></a:p></c:rich></c:tx></c:title>',
    );
    expect(chartOfPart(xml, 'Host')).toEqual({
      title: 'Top line\ntwo',
      chart_type: 'bar',
      data_range: 'Data!A1:B5',
      orientation: 'columns',
    });
    expect(chartOfPart(xml, 'data')).toMatchObject({ data_range: 'A1:B5' });
  });

  it('skips scatter charts, combined charts, several sheets and series that are not side by side', () => {
    expect(
      chartOfPart(part(`<c:scatterChart>${series('S!$B$2:$B$5')}</c:scatterChart>`), 'S'),
    ).toBe('a scatterChart has no Gridbook counterpart');
    expect(
      chartOfPart(
        part(
          `<c:barChart>${series('S!$B$2:$B$5', 'S!$A$2:$A$5')}</c:barChart><c:lineChart>${series('S!$C$2:$C$5', 'S!$A$2:$A$5')}</c:lineChart>`,
        ),
        'S',
      ),
    ).toBe('it combines chart types');
    expect(
      chartOfPart(
        part(
          `<c:lineChart>${series('S!$B$2:$B$5', 'S!$A$2:$A$5')}${series('S!$D$2:$D$5', 'S!$A$2:$A$5')}</c:lineChart>`,
        ),
        'S',
      ),
    ).toBe('its series are not side by side over the same cells');
    expect(
      chartOfPart(part(`<c:pieChart>${series('T!$B$2:$B$5', 'S!$A$2:$A$5')}</c:pieChart>`), 'S'),
    ).toBe('its series are on more than one sheet');
    expect(
      chartOfPart(
        part(`<c:pieChart>${series('[0]!graph_values', 'S!$A$2:$A$5')}</c:pieChart>`),
        'S',
      ),
    ).toBe('a series takes its values from something other than one range');
  });
});

describe('plottedData', () => {
  const grid = [
    ['', 'North', 'South'],
    ['Jan', 1, 2],
    ['Feb', 3, 4],
  ];
  const at = (row: number, col: number) => (grid[row]?.[col] ?? null) as string | number | null;

  it('names series by a header row of text and leaves a numeric first row as data', () => {
    const data = plottedData(parseRange('A1:C3'), 'columns', at)!;
    expect(data.categories?.values).toEqual(['Jan', 'Feb']);
    expect(data.series.map((one) => one.name?.values)).toEqual([['North'], ['South']]);
    expect(plottedData(parseRange('A2:C3'), 'columns', at)!.series[0]!.name).toBeUndefined();
  });

  it('reads rows as series in the rows orientation, and nothing from a header alone', () => {
    const data = plottedData(parseRange('A1:C3'), 'rows', at)!;
    expect(data.categories?.values).toEqual(['North', 'South']);
    expect(data.series.map((one) => one.values.values)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(plottedData(parseRange('A1:C1'), 'columns', at)).toBeUndefined();
  });
});

describe('withDrawingElement', () => {
  it('puts <drawing> before the elements CT_Worksheet orders after it', () => {
    const sheet =
      '<worksheet><sheetData/><pageMargins/><headerFooter/><legacyDrawing r:id="rId2"/><tableParts count="1"/><extLst/></worksheet>';
    expect(withDrawingElement(sheet, 'rId9')).toBe(
      '<worksheet><sheetData/><pageMargins/><headerFooter/><drawing r:id="rId9"/><legacyDrawing r:id="rId2"/><tableParts count="1"/><extLst/></worksheet>',
    );
  });
});
