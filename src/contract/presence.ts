// Presence (RT-02): where each collaborator's selection is, so open pages can draw the others'.
// Ephemeral: a page publishes its selection with POST /presence and the workbook's other
// followers hear it as a `presence` event on GET /events; nothing is stored or numbered.
import { Type, type Static } from 'typebox';
import { Success } from './common.js';

/** The longest sheet name (as SheetName allows). */
export const MAX_PRESENCE_SHEET_LENGTH = 200;

/** The longest selection text: two cells of the widest address, `XFD1048576:XFD1048576`, and room. */
export const MAX_PRESENCE_RANGE_LENGTH = 32;

export const PresenceBody = Type.Object(
  {
    sheet: Type.String({
      minLength: 1,
      maxLength: MAX_PRESENCE_SHEET_LENGTH,
      description: 'The sheet the selection is on, as the page names it.',
    }),
    range: Type.String({
      minLength: 1,
      maxLength: MAX_PRESENCE_RANGE_LENGTH,
      description: 'The selection: one A1 cell or range, without a sheet name.',
    }),
  },
  { examples: [{ sheet: 'Sheet1', range: 'B2:C4' }] },
);
export type PresenceBody = Static<typeof PresenceBody>;

export const PresenceResponse = Type.Object({ status: Success });
export type PresenceResponse = Static<typeof PresenceResponse>;

export const PresenceEventJson = Type.Object(
  {
    peer: Type.String({
      description:
        'Who is there: one id per browser (and user), the same in every event it sends; never the id its client names itself with.',
    }),
    user: Type.String({
      description:
        "A label to show: the user's email in SaaS mode, a name made from the peer id in OSS mode.",
    }),
    sheet: Type.String(),
    range: Type.String({ description: 'Upper-case A1 cell or range.' }),
  },
  {
    description:
      'A peer’s selection (`presence` event on GET /events). Sent again every 4 s while it stays; a peer unheard for 8 s has gone.',
  },
);
export type PresenceEventJson = Static<typeof PresenceEventJson>;

export const PresenceLeftEventJson = Type.Object(
  { peer: Type.String({ description: 'The peer of an earlier `presence` event.' }) },
  {
    description:
      'A peer’s page closed or stopped following (`presence_left` event on GET /events, after DELETE /presence): take its selection down.',
  },
);
export type PresenceLeftEventJson = Static<typeof PresenceLeftEventJson>;
