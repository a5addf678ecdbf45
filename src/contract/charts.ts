// Charts (docs/contract.md §2 Chart, §4 Charts). Chart fields are checked by the core, not by the
// schema, so a wrong type or value answers 400 naming the field (docs/contract.md §7), like an
// unknown chart type.
import { Type, type Static } from 'typebox';
import { SheetName, Success, List } from './common.js';

const chartFields = {
  title: Type.Optional(Type.Unknown({ description: 'Text; default "".' })),
  chart_type: Type.Optional(Type.Unknown({ description: '`bar` (default), `line` or `pie`.' })),
  anchor_cell: Type.Optional(
    Type.Unknown({ description: 'A1 cell the chart is pinned to (top-left); default `F2`.' }),
  ),
  width: Type.Optional(
    Type.Unknown({ description: 'Whole number of pixels, 1..10000; default 400.' }),
  ),
  height: Type.Optional(
    Type.Unknown({ description: 'Whole number of pixels, 1..10000; default 280.' }),
  ),
  orientation: Type.Optional(
    Type.Unknown({
      description:
        '`columns` (default: first column holds labels, other columns are series) or `rows` (first row holds labels).',
    }),
  ),
  sheet: Type.Optional(SheetName),
};

export const CreateChartBody = Type.Object(
  {
    data_range: Type.Unknown({
      description:
        'Required. A1 range such as `A1:B5` (may name a sheet: `Data!A1:C9`), or whole columns or rows (`A:B`, `2:3`), which plot as far as the sheet is used.',
    }),
    ...chartFields,
  },
  { examples: [{ data_range: 'A1:B3', chart_type: 'bar', title: 'Revenue' }] },
);
export type CreateChartBody = Static<typeof CreateChartBody>;

export const PatchChartBody = Type.Object(
  {
    data_range: Type.Optional(
      Type.Unknown({ description: 'A1 range, or whole columns or rows (`A:B`, `2:3`).' }),
    ),
    ...chartFields,
  },
  { examples: [{ chart_type: 'line', title: 'Revenue by month' }] },
);
export type PatchChartBody = Static<typeof PatchChartBody>;

export const ChartParams = Type.Object({ chart_id: Type.String({ minLength: 1, maxLength: 200 }) });
export type ChartParams = Static<typeof ChartParams>;

export const ChartJson = Type.Object({
  id: Type.String(),
  title: Type.String(),
  chart_type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]),
  data_range: Type.String({
    description:
      'Canonical A1 range (whole columns or rows stay so: `A:B`), sheet-qualified when it names one.',
  }),
  anchor_cell: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  orientation: Type.Union([Type.Literal('columns'), Type.Literal('rows')]),
});
export type ChartJson = Static<typeof ChartJson>;

export const ChartsResponse = Type.Object({ sheet: Type.String(), charts: List(ChartJson) });
export type ChartsResponse = Static<typeof ChartsResponse>;

export const ChartWriteResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  chart: ChartJson,
});
export type ChartWriteResponse = Static<typeof ChartWriteResponse>;

export const ChartDeleteResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  chart_id: Type.String(),
});
