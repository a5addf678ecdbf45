// Black-box tests of chart CRUD (src/http/routes/charts.ts; docs/contract.md §2 Chart, §4 Charts,
// §7).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
let ids: number;
beforeEach(async () => {
  ids = 0;
  server = await startApp({ deps: { newId: () => `id${(ids += 1)}` } });
  await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Month', 'Sales'],
      ['Jan', 10],
      ['Feb', 20],
    ],
  });
  await server.http.post('/workbook/sheet', { name: 'Other' });
});
afterEach(() => server.close());

const patch = (id: string, body: unknown) =>
  server.http.request('PATCH', `/system/charts/${id}`, { body: JSON.stringify(body) });
const remove = (id: string, query: Record<string, string> = {}) =>
  server.http.request('DELETE', `/system/charts/${id}`, { query });

describe('POST /system/charts', () => {
  it('[CHART-1] applies every default of the spec and assigns the id on the server', async () => {
    const response = await server.http.post('/system/charts', { data_range: 'A1:B3' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'Success' });
    expect(response.body.chart).toEqual({
      id: 'chart_id1',
      title: '',
      chart_type: 'bar',
      data_range: 'A1:B3',
      anchor_cell: 'F2',
      width: 400,
      height: 280,
      orientation: 'columns',
    });
  });

  it('[CHART-1] takes every sent field, ignores a client id, and puts the chart on the named sheet only', async () => {
    const body = {
      id: 'mine',
      title: 'Sales',
      chart_type: 'line',
      data_range: 'a1:b3',
      anchor_cell: 'h4',
      width: 640,
      height: 320,
      orientation: 'rows',
      sheet: 'other',
    };
    const response = await server.http.post('/system/charts', body);
    expect(response.body.chart).toEqual({
      id: 'chart_id1',
      title: 'Sales',
      chart_type: 'line',
      data_range: 'A1:B3',
      anchor_cell: 'H4',
      width: 640,
      height: 320,
      orientation: 'rows',
    });
    expect((await server.http.get('/system/charts', { sheet: 'Other' })).body.charts).toHaveLength(
      1,
    );
    expect((await server.http.get('/system/charts')).body.charts).toEqual([]);
  });

  it.each([
    ['an unknown chart type', { chart_type: 'scatter' }, 'chart_type'],
    ['an invalid range', { data_range: 'A1:B' }, 'data_range'],
    ['a range on a sheet that does not exist', { data_range: 'Ghost!A1:B3' }, 'data_range'],
    ['a range that is not text', { data_range: 12 }, 'data_range'],
    ['an invalid anchor', { anchor_cell: 'ZZZZ0' }, 'anchor_cell'],
    ['a zero width', { width: 0 }, 'width'],
    ['a negative height', { height: -1 }, 'height'],
    ['a fractional width', { width: 10.5 }, 'width'],
    ['a size sent as text', { width: '400' }, 'width'],
    ['an unknown orientation', { orientation: 'diagonal' }, 'orientation'],
  ])(
    '[CHART-2] answers 400 for %s, naming the field, and creates nothing',
    async (_label, change, field) => {
      const response = await server.http.post('/system/charts', { data_range: 'A1:B3', ...change });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(new RegExp(`^${field}:`));
      expect((await server.http.get('/system/charts')).body.charts).toEqual([]);
    },
  );

  it('[CHART-2] a data_range whose sheet name has a space but no quotes is a 400 showing it quoted', async () => {
    const response = await server.http.post('/system/charts', { data_range: 'Q3 data!A1:B3' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^data_range: .*'Q3 data'!A1:B3\.$/);
  });

  it('a data_range on another sheet names it in any case, and is kept as that sheet is spelled', async () => {
    const response = await server.http.post('/system/charts', { data_range: 'other!a1:b3' });
    expect(response.status).toBe(200);
    expect(response.body.chart.data_range).toBe('other!A1:B3');
  });

  it('a chart left naming a deleted sheet can still be changed when its range is sent unchanged', async () => {
    const created = await server.http.post('/system/charts', { data_range: 'Other!A1:B3' });
    await server.http.post('/workbook/sheet/delete', { name: 'Other' });
    const response = await server.http.request('PATCH', `/system/charts/${created.body.chart.id}`, {
      body: JSON.stringify({ data_range: 'Other!A1:B3', title: 'Kept' }),
    });
    expect(response.status).toBe(200);
    expect(response.body.chart).toMatchObject({ data_range: 'Other!A1:B3', title: 'Kept' });
  });

  it('[CHART-2] a data_range naming a sheet the workbook does not have is a 400 listing the sheets, made or patched, and changes nothing', async () => {
    const response = await server.http.post('/system/charts', { data_range: 'Nope!A1:B3' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(
      'data_range: there is no sheet named "Nope"; the sheets are "Sheet1", "Other".',
    );
    expect((await server.http.get('/system/charts')).body.charts).toEqual([]);
    // Any case of a sheet that is there is fine.
    const made = await server.http.post('/system/charts', { data_range: 'other!A1:B3' });
    expect(made.status).toBe(200);
    const id = (made.body as { chart: { id: string } }).chart.id;
    expect((await patch(id, { data_range: 'Ghost!A1:A2' })).status).toBe(400);
    expect((await server.http.get('/system/charts')).body.charts[0].data_range).toBe('other!A1:B3');
  });

  it('a missing data_range is a schema violation (422) and an unknown sheet a 404', async () => {
    expect((await server.http.post('/system/charts', { title: 'x' })).status).toBe(422);
    expect(
      (await server.http.post('/system/charts', { data_range: 'A1:B2', sheet: 'Ghost' })).status,
    ).toBe(404);
  });
});

describe('GET, PATCH and DELETE /system/charts', () => {
  beforeEach(async () => {
    await server.http.post('/system/charts', { data_range: 'A1:B3', title: 'First' });
    await server.http.post('/system/charts', {
      data_range: 'A1:A3',
      title: 'Second',
      chart_type: 'pie',
    });
  });

  it('[CHART-5] lists the charts of the active sheet in creation order', async () => {
    const response = await server.http.get('/system/charts');
    expect(response.status).toBe(200);
    expect(
      response.body.charts.map((chart: { id: string; title: string }) => [chart.id, chart.title]),
    ).toEqual([
      ['chart_id1', 'First'],
      ['chart_id2', 'Second'],
    ]);
  });

  it('[CHART-6] PATCH changes only the sent fields and returns the full chart', async () => {
    const response = await patch('chart_id1', { width: 500, chart_type: 'line', title: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'Success' });
    expect(response.body.chart).toEqual({
      id: 'chart_id1',
      title: 'First',
      chart_type: 'line',
      data_range: 'A1:B3',
      anchor_cell: 'F2',
      width: 500,
      height: 280,
      orientation: 'columns',
    });
    expect((await server.http.get('/system/charts')).body.charts[0]).toEqual(response.body.chart);
  });

  it('[CHART-2] PATCH with an invalid payload answers 400 and changes nothing', async () => {
    const before = (await server.http.get('/system/charts')).body;
    for (const body of [
      { chart_type: 'donut' },
      { data_range: 'nope' },
      { height: 0 },
      { anchor_cell: 'A1:B2' },
      { data_range: "'No such sheet'!A1:B3" },
    ]) {
      expect((await patch('chart_id1', body)).status).toBe(400);
    }
    expect((await server.http.get('/system/charts')).body).toEqual(before);
  });

  it('[CHART-5] PATCH and DELETE answer 404 when the chart is not on the given or active sheet', async () => {
    expect((await patch('chart_nope', { title: 'x' })).status).toBe(404);
    const elsewhere = await patch('chart_id1', { title: 'x', sheet: 'Other' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.detail).toMatch(/chart_id1.*Other/);
    expect((await remove('chart_id1', { sheet: 'Other' })).status).toBe(404);
    expect((await remove('chart_nope')).status).toBe(404);
  });

  it('[CHART-3] DELETE removes only that chart and never touches cells', async () => {
    const before = await readGrid(server.http);
    const response = await remove('chart_id1');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('Success');
    expect(
      (await server.http.get('/system/charts')).body.charts.map(
        (chart: { id: string }) => chart.id,
      ),
    ).toEqual(['chart_id2']);
    expect(await readGrid(server.http)).toEqual(before);
  });

  it('a chart on another sheet is reached with sheet in the query or body', async () => {
    const created = (
      await server.http.post('/system/charts', { data_range: 'A1:B2', sheet: 'Other' })
    ).body.chart;
    expect((await patch(created.id, { title: 'Moved', sheet: 'Other' })).body.chart.title).toBe(
      'Moved',
    );
    expect(
      (
        await server.http.request('DELETE', `/system/charts/${created.id}`, {
          body: JSON.stringify({ sheet: 'Other' }),
        })
      ).status,
    ).toBe(200);
  });

  it('[CHART-3] clearing the sheet keeps its charts (and its locked cells)', async () => {
    await server.http.post('/grid/lock', { range: 'A1' });
    const response = await server.http.post('/system/clear');
    expect(response.body).toEqual({ status: 'Success', sheet: 'Sheet1' });
    expect((await server.http.get('/system/charts')).body.charts).toHaveLength(2);
    expect(Object.keys(await readGrid(server.http))).toEqual(['A1']);
  });

  it('[CHART-4] renaming the sheet keeps its charts; ranges that name the sheet follow the rename', async () => {
    await server.http.post('/system/charts', { data_range: 'Sheet1!A1:B3', sheet: 'Other' });
    await server.http.post('/workbook/sheet/rename', {
      old_name: 'Sheet1',
      new_name: 'Sales data',
    });
    expect(
      (await server.http.get('/system/charts', { sheet: 'Sales data' })).body.charts,
    ).toHaveLength(2);
    expect(
      (await server.http.get('/system/charts', { sheet: 'Other' })).body.charts[0].data_range,
    ).toBe("'Sales data'!A1:B3");
  });

  it('whole columns or rows stay whole through inserted and deleted rows and columns and a rename, as in Excel', async () => {
    await server.http.post('/system/charts', { data_range: '$a:$b', title: 'Whole' });
    await server.http.post('/system/charts', { data_range: 'Sheet1!2:3', sheet: 'Other' });
    const ranges = async () =>
      [
        ...(await server.http.get('/system/charts')).body.charts,
        ...(await server.http.get('/system/charts', { sheet: 'Other' })).body.charts,
      ]
        .filter((chart: { title: string }) => chart.title !== 'First' && chart.title !== 'Second')
        .map((chart: { data_range: string }) => chart.data_range);
    expect(await ranges()).toEqual(['A:B', 'Sheet1!2:3']);
    await server.http.post('/grid/rows/delete', { at: 1, count: 1 });
    await server.http.post('/grid/columns/insert', { at: 1, count: 1 });
    expect(await ranges()).toEqual(['B:C', 'Sheet1!1:2']);
    await server.http.post('/workbook/sheet/rename', { old_name: 'Sheet1', new_name: 'Sales' });
    expect(await ranges()).toEqual(['B:C', 'Sales!1:2']);
    const peek = await server.http.get('/peek', { range: 'B:C' });
    expect(peek.body).toMatchObject({
      range: 'B1:C2',
      rows: [
        ['Jan', 10],
        ['Feb', 20],
      ],
    });
  });

  it('[CHART-7] chart changes are undone and redone like any other change', async () => {
    await remove('chart_id2');
    expect((await server.http.post('/workbook/undo')).body.applied).toBe(true);
    expect(
      (await server.http.get('/system/charts')).body.charts.map(
        (chart: { id: string }) => chart.id,
      ),
    ).toEqual(['chart_id1', 'chart_id2']);
    await server.http.post('/workbook/redo');
    expect((await server.http.get('/system/charts')).body.charts).toHaveLength(1);
  });
});
