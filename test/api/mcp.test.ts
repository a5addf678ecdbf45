// The MCP server through the SDK's own client: over streamable HTTP at /mcp (the running app)
// and over stdio (`gridbook mcp`, relaying to the same app). Every write is an ordinary commit.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, readValues, startApp, type RunningApp } from '../support/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let server: RunningApp;
let client: Client;
beforeEach(async () => {
  server = await startApp();
  client = new Client({ name: 'gridbook-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
});
afterEach(async () => {
  await client.close();
  await server.close();
});

interface CallResult {
  readonly isError?: boolean;
  readonly content: { type: string; text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  return (await client.callTool({ name, arguments: args })) as CallResult;
}

async function ok(name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await call(name, args);
  if (result.isError === true) throw new Error(`${name} failed: ${result.content[0]?.text}`);
  return result.structuredContent;
}

const errorOf = async (name: string, args: Record<string, unknown>) => {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  return result.content[0]?.text ?? '';
};

describe('MCP format_range', () => {
  it('formats cells through the same use-case as POST /grid/format', async () => {
    await call('write_cell', { cell: 'A1', value: 0.25 });
    const result = await call('format_range', {
      range: 'A1',
      format: { number_format: '0%', bold: true },
    });
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toMatchObject({ status: 'Success', ranges: ['A1'], cells: 1 });
    const grid = await readGrid(server.http);
    expect(grid['A1']).toMatchObject({
      display: '25%',
      format: { number_format: '0%', bold: true },
    });
  });
});

describe('MCP over streamable HTTP', () => {
  it('lists every tool with object input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_sheets',
      'get_schema',
      'peek',
      'find',
      'eval_formulas',
      'write_cell',
      'write_range',
      'lock',
      'unlock',
      'insert_rows',
      'insert_columns',
      'delete_rows',
      'delete_columns',
      'sort_range',
      'move_cells',
      'format_range',
      'replace',
      'get_layout',
      'freeze_panes',
      'set_filter',
      'add_sheet',
      'rename_sheet',
      'move_sheet',
      'list_names',
      'set_name',
      'create_chart',
      'update_chart',
      'delete_chart',
      'undo',
      'agent_preview',
      'agent_apply',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    expect(tools.find((tool) => tool.name === 'peek')?.annotations?.readOnlyHint).toBe(true);
  });

  it('moves a sheet among the tabs with move_sheet', async () => {
    await ok('add_sheet', { name: 'Data' });
    expect(await ok('move_sheet', { name: 'Data', index: 0 })).toEqual({
      sheet: 'Data',
      sheets: ['Data', 'Sheet1'],
      active_sheet: 'Sheet1',
    });
  });

  it('moves cells with move_cells, and the formulas that read them follow', async () => {
    await ok('write_range', { target_cell: 'A1', values: [[2, '=A2*10'], [3]] });
    expect(await ok('move_cells', { source: 'A1:A2', target_cell: 'C3' })).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      source: 'A1:A2',
      target_sheet: 'Sheet1',
      target: 'C3:C4',
    });
    expect((await ok('peek', { range: 'B1' })).formulas).toEqual([['=C4*10']]);
  });

  it('defines a name with set_name, lists it with list_names, and formulas use it', async () => {
    await ok('write_range', { target_cell: 'A1', values: [[2], [3]] });
    expect(await ok('set_name', { name: 'Pair', refers_to: '=Sheet1!$A$1:$A$2' })).toEqual({
      names: [{ name: 'Pair', sheet: null, refers_to: '=Sheet1!$A$1:$A$2' }],
    });
    expect((await ok('list_names')).names).toHaveLength(1);
    expect(
      await ok('eval_formulas', { formulas: [{ cell: 'C1', formula: 'SUM(Pair)' }] }),
    ).toMatchObject({ results: [{ cell: 'C1', result: 5, error: null }] });
  });

  it('follows the flow: schema, write a model, dry-run it, read it back; the write is a commit', async () => {
    expect(await ok('get_schema')).toMatchObject({ active_sheet: 'Sheet1' });
    await ok('write_range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 1200],
        ['Food', 450],
        ['Total', '=SUM(B2:B3)'],
      ],
    });
    const dryRun = await ok('eval_formulas', {
      formulas: [{ cell: 'C4', formula: 'B4*12' }],
    });
    expect(dryRun.results).toEqual([{ cell: 'C4', result: 19800, error: null }]);
    const page = await ok('peek', { range: 'A1:B4' });
    expect(page.values).toEqual([
      ['Item', 'Cost'],
      ['Rent', 1200],
      ['Food', 450],
      ['Total', 1650],
    ]);
    expect(page.formulas[3]).toEqual([null, '=SUM(B2:B3)']);
    expect(page.next_cursor).toBeNull();
    // The same workbook the REST API serves, with versions: an ordinary commit.
    expect((await readGrid(server.http))['B4']).toMatchObject({ value: 1650, version: 1 });
    expect((await readValues(server.http))['C4']).toBeUndefined();
    // A row inserted inside the total's range: the formula follows, as over REST.
    await ok('insert_rows', { at: 3 });
    expect((await ok('peek', { range: 'B5' })).formulas).toEqual([['=SUM(B2:B4)']]);
    expect(await ok('undo')).toMatchObject({ applied: true });
    expect(await ok('undo')).toMatchObject({ applied: true });
    expect(await readValues(server.http)).toEqual({});
  });

  it('freezes panes and filters a range as commits; get_layout names the hidden rows', async () => {
    await ok('write_range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 1200],
        ['Food', 450],
      ],
    });
    await ok('freeze_panes', { rows: 1 });
    const filtered = await ok('set_filter', {
      range: 'A1:B3',
      columns: [{ column: 'B', conditions: [{ op: 'gt', value: 1000 }] }],
    });
    expect(filtered).toMatchObject({ status: 'Success', hidden_rows: [[3, 3]] });
    expect(await ok('get_layout')).toMatchObject({
      layout: { frozen_rows: 1, filter: { range: 'A1:B3' } },
      hidden_rows: [[3, 3]],
    });
    expect((await server.http.get('/grid/layout')).body.hidden_rows).toEqual([[3, 3]]);
    expect(await ok('undo')).toMatchObject({ applied: true });
    expect((await ok('get_layout')).layout.filter).toBeNull();
  });

  it('pages 100,000 rows within the cell budget, and the cursor reaches the end exactly', async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => [index + 1, `r${index + 1}`]);
    // Written as writes of 20,000 cells, within GRIDBOOK_MAX_WRITE_CELLS's default.
    for (let first = 0; first < rows.length; first += 10_000)
      await ok('write_range', {
        target_cell: `A${first + 1}`,
        values: rows.slice(first, first + 10_000),
      });
    let cursor: string | undefined;
    let seen = 0;
    let pages = 0;
    do {
      const page = await ok('peek', {
        max_cells: 10_000,
        ...(cursor === undefined ? {} : { cursor }),
      });
      expect(page.values.length * 2).toBeLessThanOrEqual(10_000);
      expect(page.values[0][0]).toBe(seen + 1);
      seen += page.values.length;
      pages += 1;
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined && pages < 30);
    expect(seen).toBe(100_000);
    expect(pages).toBe(20);
  }, 120_000);

  it('answers tool errors that name the field, the cell or the sheet, and writes nothing', async () => {
    expect(await errorOf('write_cell', { value: 1 })).toMatch(/cell/);
    expect(await errorOf('write_cell', { cell: 'nope', value: 1 })).toMatch(/cell: "nope"/);
    expect(await errorOf('peek', { sheet: 'Missing' })).toMatch(/Missing/);
    await ok('lock', { range: 'A1' });
    expect(await errorOf('write_cell', { cell: 'A1', value: 5 })).toMatch(/A1/);
    await ok('write_cell', { cell: 'B1', value: 1 });
    expect(
      await errorOf('write_cell', { cell: 'B1', value: 2, expected_versions: { B1: 0 } }),
    ).toMatch(/re-read the cell and retry/);
    expect(await errorOf('peek', { cursor: 'row:999' })).toMatch(/cursor/);
    // A1 is listed because it is locked; it holds nothing.
    expect(await readValues(server.http)).toEqual({ A1: null, B1: 1 });
  });

  it('serves each sheet as a CSV resource, and the function catalogue', async () => {
    await ok('write_range', { target_cell: 'A1', values: [['a', 1]] });
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.name)).toEqual(['Sheet1.csv', 'functions']);
    const read = await client.readResource({ uri: resources[0]!.uri });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/csv', text: 'a,1' });
    const functions = await client.readResource({ uri: 'gridbook://functions' });
    const first = functions.contents[0];
    const lines = first !== undefined && 'text' in first ? first.text.split('\n') : [];
    expect(lines.map((line) => line.slice(0, line.indexOf('(')))).toEqual(
      expect.arrayContaining(['SUM', 'VLOOKUP', 'MINUS']),
    );
    expect(lines).toContain('SUM(number1, …) — Sums up the values of the specified cells.');
  });
});

describe('MCP over stdio (gridbook mcp)', () => {
  it('relays to the running server: list tools, write, read back', async () => {
    const stdio = new Client({ name: 'gridbook-stdio-test', version: '1.0.0' });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', path.join(ROOT, 'src/main.ts'), 'mcp', '--url', server.url],
        cwd: ROOT,
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await stdio.listTools();
      expect(tools.length).toBeGreaterThan(10);
      await stdio.callTool({ name: 'write_cell', arguments: { cell: 'C3', value: '=6*7' } });
      expect((await readValues(server.http))['C3']).toBe(42);
    } finally {
      await stdio.close();
    }
  });
});
