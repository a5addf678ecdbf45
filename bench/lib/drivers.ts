// One grid, three ways to drive it: a bare HyperFormula instance, a Gridbook Workbook through
// its use-case layer (core builders + apply, no HTTP), and the Gridbook server over HTTP. The
// workloads are written once against this interface. Rows and columns here are zero-based.
import {
  Workbook,
  valueToJson,
  writeCellOps,
  writeRangeOps,
  type WireValue,
} from '../../src/core/index.js';
import { a1 } from '../workloads/data.js';
import type { HttpClient } from './http-client.js';
import { addFreshSheet, deleteSheet, peek } from './http-sheets.js';
import { createRawWorkbook, type RawWorkbook } from './raw-engine.js';
import type { Variant } from './results.js';
import { withServer, type ServerOptions } from './server.js';

export type Grid = readonly (readonly WireValue[])[];

export interface GridDriver {
  readonly variant: Variant;
  writeRange(row: number, col: number, values: Grid): Promise<void>;
  writeCell(row: number, col: number, value: WireValue): Promise<void>;
  /** Computed values of a rectangle, row-major; errors as their sentinel text. */
  readRange(row: number, col: number, rows: number, cols: number): Promise<unknown[][]>;
  close(): Promise<void>;
}

function rangeText(row: number, col: number, rows: number, cols: number): string {
  return `${a1(row + 1, col + 1)}:${a1(row + rows, col + cols)}`;
}

export function rawDriver(
  raw: RawWorkbook = createRawWorkbook(),
): GridDriver & { readonly raw: RawWorkbook } {
  const { hf, sheet } = raw;
  return {
    variant: 'raw',
    raw,
    async writeRange(row, col, values) {
      hf.setCellContents({ sheet, row, col }, values as WireValue[][]);
    },
    async writeCell(row, col, value) {
      hf.setCellContents({ sheet, row, col }, value);
    },
    async readRange(row, col, rows, cols) {
      const values = hf.getRangeValues({
        start: { sheet, row, col },
        end: { sheet, row: row + rows - 1, col: col + cols - 1 },
      });
      return values.map((line) =>
        line.map((value) =>
          typeof value === 'object' && value !== null && 'value' in value ? value.value : value,
        ),
      );
    },
    async close() {
      hf.destroy();
    },
  };
}

export function inProcessDriver(
  workbook: Workbook = Workbook.create(),
): GridDriver & { readonly workbook: Workbook } {
  const sheetName = workbook.activeSheetName;
  return {
    variant: 'inProcess',
    workbook,
    async writeRange(row, col, values) {
      workbook.apply(writeRangeOps(sheetName, { row, col }, values), { actor: 'User' });
    },
    async writeCell(row, col, value) {
      workbook.apply(writeCellOps(sheetName, { row, col }, value), { actor: 'User' });
    },
    async readRange(row, col, rows, cols) {
      const sheet = workbook.sheet(sheetName);
      return Array.from({ length: rows }, (_, r) =>
        Array.from({ length: cols }, (_, c) => valueToJson(sheet.value(row + r, col + c))),
      );
    },
    async close() {
      workbook.dispose();
    },
  };
}

/** Works on a sheet of its own, deleted on close, so every run starts from an empty grid. */
export async function httpDriver(
  client: HttpClient,
  prefix = 'Run',
): Promise<GridDriver & { readonly sheet: string }> {
  const sheet = await addFreshSheet(client, prefix);
  return {
    variant: 'http',
    sheet,
    async writeRange(row, col, values) {
      await client.json('POST', '/grid/range', {
        target_cell: a1(row + 1, col + 1),
        values,
        sheet,
      });
    },
    async writeCell(row, col, value) {
      await client.json('POST', '/grid/cell', { cell: a1(row + 1, col + 1), value, sheet });
    },
    async readRange(row, col, rows, cols) {
      return (await peek(client, sheet, rangeText(row, col, rows, cols))).rows;
    },
    async close() {
      await deleteSheet(client, sheet);
    },
  };
}

export type DriverFactories = Partial<Record<Variant, () => Promise<GridDriver> | GridDriver>>;

/**
 * Runs `fn` with the three drivers, HTTP against a server of its own. A server per series
 * keeps the comparison fair: every run's sheet is deleted afterwards, and the undo history
 * keeps each deleted sheet whole (100 steps deep), which would slow later series' GC.
 */
export function withDrivers<T>(
  serverOptions: ServerOptions,
  fn: (factories: DriverFactories) => Promise<T>,
): Promise<T> {
  return withServer(({ client }) => fn(standardDrivers(client)), serverOptions);
}

/** The three drivers; HTTP works against `client` (a running server). */
export function standardDrivers(client: HttpClient): DriverFactories {
  return {
    raw: () => rawDriver(),
    inProcess: () => inProcessDriver(),
    http: () => httpDriver(client),
  };
}

/**
 * compareVariants plans over drivers: `prepare` (untimed) fills a fresh grid, `run` does and
 * times the measured work and returns its figures.
 */
export function driverPlans<F extends Record<string, number>>(
  factories: DriverFactories,
  run: (driver: GridDriver) => Promise<F>,
  prepare: (driver: GridDriver) => Promise<void> = async () => {},
) {
  return Object.fromEntries(
    Object.entries(factories).map(([variant, make]) => [
      variant,
      {
        setup: async () => {
          const driver = await make();
          await prepare(driver);
          return driver;
        },
        run,
        teardown: (driver: GridDriver) => driver.close(),
      },
    ]),
  ) as Partial<
    Record<
      Variant,
      {
        setup: () => Promise<GridDriver>;
        run: typeof run;
        teardown: (driver: GridDriver) => Promise<void>;
      }
    >
  >;
}
