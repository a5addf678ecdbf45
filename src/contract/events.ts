// The commit stream (GET /events): Server-Sent Events a page or a tool follows to see every
// change to the workbook as it becomes durable, its own and everyone else's.
import { Type, type Static } from 'typebox';
import { CellValueJson, List } from './common.js';

export const EventsQuery = Type.Object({
  from_seq: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,15}$',
      description:
        'Replay the commits after this seq first (the Last-Event-ID header wins when both are sent); default: only commits from now on.',
    }),
  ),
});
export type EventsQuery = Static<typeof EventsQuery>;

/** The most changed cells one commit event lists; past it the event says `cells_truncated`. */
export const MAX_EVENT_CELLS = 1_000;

export const CommitEventJson = Type.Object({
  seq: Type.Integer({ description: 'Per workbook, gap-free and increasing: the event id.' }),
  kind: Type.Union([Type.Literal('change'), Type.Literal('undo'), Type.Literal('redo')]),
  at: Type.String({ description: 'ISO 8601 time of the commit.' }),
  actor: Type.Optional(Type.String()),
  client: Type.Optional(
    Type.String({ description: 'The X-Gridbook-Client of the request that made it.' }),
  ),
  cells: List(
    Type.Object({
      sheet: Type.String(),
      cells: List(Type.Object({ cell: Type.String(), value: CellValueJson })),
    }),
    {
      description:
        'Cells whose computed value changed, recomputed dependents on every sheet included, with their new values.',
    },
  ),
  cells_truncated: Type.Boolean({
    description: `More than ${MAX_EVENT_CELLS} cells changed: \`cells\` lists none; read the sheets named in changed_sheets.`,
  }),
  changed_sheets: List(Type.String(), {
    description: "Sheets whose cells' values or formats changed (names after the commit).",
  }),
  sheets: Type.Boolean({
    description:
      'Sheets were added, removed, renamed, reordered or activated, or the workbook renamed.',
  }),
  charts: List(Type.String(), { description: 'Sheets whose charts changed.' }),
  layout: List(Type.String(), {
    description: 'Sheets whose frozen panes, sizes or filter changed.',
  }),
  workbook_replaced: Type.Boolean({
    description:
      'A load, an import, their undo, or a structure change rewrote the workbook: read it again.',
  }),
});
export type CommitEventJson = Static<typeof CommitEventJson>;

export const EventStreamResponse = Type.String({
  description:
    'Server-Sent Events: `hello` {seq}, then `commit` events (id = seq, data = CommitEventJson), `reset` {seq}, `gone` {detail}, `presence` (PresenceEventJson, no id), `presence_left` (PresenceLeftEventJson, no id).',
});
