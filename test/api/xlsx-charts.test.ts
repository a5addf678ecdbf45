// Black-box tests of charts in xlsx files (src/persistence/xlsx-charts.ts): GET
// /system/export.xlsx writes each sheet's charts as DrawingML charts, POST /system/import.xlsx
// reads back those that map onto Gridbook charts; the Excel-saved files of the conformance
// corpus (../shared/conformance) import with their charts or without the ones that do not map.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CORPUS = path.resolve(import.meta.dirname, '../../../shared/conformance/corpus');
const SHEET = 'Q3 data';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

async function exportXlsx(app = server): Promise<Buffer> {
  const response = await fetch(`${app.url}/system/export.xlsx`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function importXlsx(app: RunningApp, bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: XLSX }), fileName);
  const response = await fetch(`${app.url}/system/import.xlsx`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as any };
}

async function chartsOf(app: RunningApp, sheet: string): Promise<Record<string, unknown>[]> {
  const response = await app.http.get('/system/charts', { sheet });
  expect(response.status).toBe(200);
  return response.body.charts as Record<string, unknown>[];
}

const withoutIds = (charts: Record<string, unknown>[]) =>
  charts.map(({ id: _id, ...rest }) => rest);

/** A bar, a line and a pie chart, one per orientation, on a sheet whose name needs quoting. */
async function buildCharts(): Promise<void> {
  await server.http.post('/workbook/sheet/rename', { old_name: 'Sheet1', new_name: SHEET });
  await server.http.post('/workbook/sheet', { name: 'Summary' });
  await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Region', 'Jan', 'Feb', 'Mar'],
      ['North', 10, 20, 30],
      ['South', 4, 5, '=C3+1'],
    ],
    sheet: SHEET,
  });
  const charts = [
    { title: 'By region', chart_type: 'bar', data_range: 'A1:D3', orientation: 'rows' },
    {
      title: 'By month',
      chart_type: 'line',
      data_range: 'A1:D3',
      orientation: 'columns',
      anchor_cell: 'B10',
      width: 640,
      height: 320,
    },
    { chart_type: 'pie', data_range: 'A1:D2', orientation: 'rows', anchor_cell: 'K2' },
  ];
  for (const chart of charts)
    expect((await server.http.post('/system/charts', { ...chart, sheet: SHEET })).status).toBe(200);
  await server.http.post('/system/charts', {
    data_range: `'${SHEET}'!A1:B3`,
    chart_type: 'bar',
    title: 'North in January',
    sheet: 'Summary',
  });
}

describe('charts in xlsx', () => {
  it('bar, line and pie charts in both orientations come back from export.xlsx → import.xlsx equal apart from their ids', async () => {
    await buildCharts();
    const bytes = await exportXlsx();
    const fresh = await startApp();
    try {
      expect((await importXlsx(fresh, bytes, 'Charts.xlsx')).status).toBe(200);
      for (const sheet of [SHEET, 'Summary']) {
        const before = withoutIds(await chartsOf(server, sheet));
        expect(before.length).toBeGreaterThan(0);
        expect(withoutIds(await chartsOf(fresh, sheet))).toEqual(before);
      }
    } finally {
      await fresh.close();
    }
  });

  it('a chart of whole columns is written as the rows its sheet uses, and comes back as that range', async () => {
    await server.http.post('/grid/range', {
      target_cell: 'B2',
      values: [
        ['Month', 'Sales'],
        ['Jan', 10],
        ['Feb', 20],
      ],
    });
    expect((await server.http.post('/system/charts', { data_range: 'B:C' })).status).toBe(200);
    const fresh = await startApp();
    try {
      expect((await importXlsx(fresh, await exportXlsx(), 'Columns.xlsx')).status).toBe(200);
      expect(await chartsOf(fresh, 'Sheet1')).toMatchObject([{ data_range: 'B2:C4' }]);
    } finally {
      await fresh.close();
    }
  });

  it('export.xlsx holds a chart part per chart with series formulas on the quoted sheet, their current values, a drawing and the relationships to reach them', async () => {
    await buildCharts();
    const zip = await JSZip.loadAsync(await exportXlsx());
    const text = (name: string) => zip.file(name)!.async('string');
    const types = await text('[Content_Types].xml');
    const charts = Object.keys(zip.files).filter((name) =>
      /^xl\/charts\/chart\d+\.xml$/.test(name),
    );
    expect(charts).toHaveLength(4);
    for (const name of charts)
      expect(types).toContain(
        `<Override PartName="/${name}" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`,
      );
    // The first sheet's worksheet → its drawing → its three charts.
    const sheet = await text('xl/worksheets/sheet1.xml');
    const drawingId = /<drawing r:id="([^"]+)"\/><\/worksheet>$/.exec(sheet)?.[1];
    expect(sheet.indexOf('<drawing ')).toBeGreaterThan(sheet.indexOf('<pageSetup '));
    const sheetRels = await text('xl/worksheets/_rels/sheet1.xml.rels');
    const drawingTarget = new RegExp(
      `Id="${drawingId}" Type="[^"]+/drawing" Target="\\.\\./([^"]+)"`,
    ).exec(sheetRels)?.[1];
    expect(drawingTarget).toBe('drawings/drawing1.xml');
    expect(types).toContain(
      '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>',
    );
    const drawing = await text('xl/drawings/drawing1.xml');
    const drawingRels = await text('xl/drawings/_rels/drawing1.xml.rels');
    const chartIds = [...drawing.matchAll(/<c:chart [^>]*r:id="([^"]+)"\/>/g)].map(
      (match) => match[1],
    );
    expect(chartIds).toHaveLength(3);
    const targets = chartIds.map(
      (id) =>
        new RegExp(`Id="${id}" Type="[^"]+/chart" Target="\\.\\./([^"]+)"`).exec(drawingRels)![1]!,
    );
    for (const target of targets) expect(zip.file(`xl/${target}`)).not.toBeNull();
    // The bar chart reads rows: each region is a series named by its cell in column A.
    const bar = await text(`xl/${targets[0]}`);
    expect(bar).toContain('<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>');
    expect(bar).toContain(
      "<c:val><c:numRef><c:f>'Q3 data'!$B$3:$D$3</c:f><c:numCache><c:formatCode>General</c:formatCode>" +
        '<c:ptCount val="3"/><c:pt idx="0"><c:v>4</c:v></c:pt><c:pt idx="1"><c:v>5</c:v></c:pt>' +
        '<c:pt idx="2"><c:v>6</c:v></c:pt></c:numCache></c:numRef></c:val>',
    );
    expect(bar).toContain("<c:tx><c:strRef><c:f>'Q3 data'!$A$2</c:f>");
    expect(bar).toContain("<c:cat><c:strRef><c:f>'Q3 data'!$B$1:$D$1</c:f>");
    const line = await text(`xl/${targets[1]}`);
    expect(line).toContain('<c:lineChart>');
    expect(line).toContain("<c:val><c:numRef><c:f>'Q3 data'!$B$2:$B$3</c:f>");
    expect(line).toContain("<c:cat><c:strRef><c:f>'Q3 data'!$A$2:$A$3</c:f>");
    expect(drawing).toContain(`<xdr:ext cx="${640 * 9525}" cy="${320 * 9525}"/>`);
    const pie = await text(`xl/${targets[2]}`);
    expect(pie).toContain('<c:pieChart>');
    expect(pie).toContain("<c:val><c:numRef><c:f>'Q3 data'!$B$2:$D$2</c:f>");
  });

  it('a workbook without charts exports no chart or drawing part and no <drawing> element', async () => {
    await server.http.post('/grid/range', { target_cell: 'A1', values: [['a', 1]] });
    const zip = await JSZip.loadAsync(await exportXlsx());
    expect(Object.keys(zip.files).filter((name) => /chart|drawing/.test(name))).toEqual([]);
    expect(await zip.file('xl/worksheets/sheet1.xml')!.async('string')).not.toContain('<drawing');
  });
});

const CORPUS_FILES = [
  'ironcalc/custom_theme_colors.xlsx',
  'ironcalc/example.xlsx',
  'poi/dataValidationTableRange.xlsx',
  'poi/47813.xlsx',
  'poi/DataTableCities.xlsx',
  'poi/45544.xlsx',
];
const corpusPresent = CORPUS_FILES.every((file) => existsSync(path.join(CORPUS, file)));

describe('Excel-saved files with charts', () => {
  it.skipIf(!corpusPresent)(
    'import with the charts that map (the pie of custom_theme_colors.xlsx) and without the rest (scatter, 3-D, named ranges, chart sheets), never failing',
    async () => {
      for (const file of CORPUS_FILES) {
        const imported = await importXlsx(server, readFileSync(path.join(CORPUS, file)), 'In.xlsx');
        expect(imported.status, file).toBe(200);
        const found: Record<string, unknown>[] = [];
        for (const sheet of imported.body.sheets as string[])
          found.push(...(await chartsOf(server, sheet)).map((chart) => ({ sheet, ...chart })));
        if (file === 'ironcalc/custom_theme_colors.xlsx')
          expect(withoutIds(found)).toEqual([
            {
              sheet: 'Charts',
              title: 'COSTS AND EXPENSES -- 1st Quarter',
              chart_type: 'pie',
              data_range: 'Sheet1!A9:B13',
              anchor_cell: 'A1',
              width: expect.any(Number),
              height: expect.any(Number),
              orientation: 'columns',
            },
          ]);
        else expect(found, file).toEqual([]);
      }
    },
    120_000,
  );
});
