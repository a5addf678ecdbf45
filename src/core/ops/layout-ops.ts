// The executor of set-layout: a sheet's frozen panes, sizes or filter (core/sheet-layout.ts).
// The layout is a plain value replaced whole, so the revert puts the previous value back and the
// inverse op patches back exactly the fields this one changed.
import { inversePatch, patchLayout } from '../sheet-layout.js';
import type { Op } from './op.js';
import { findSheet, type Executed, type WorkbookState } from './state.js';

export function setLayout(state: WorkbookState, op: Extract<Op, { type: 'set-layout' }>): Executed {
  const sheet = findSheet(state, op.sheet);
  const before = sheet.layout;
  sheet.layout = patchLayout(before, op.patch);
  return {
    inverse: [{ type: 'set-layout', sheet: sheet.name, patch: inversePatch(before, op.patch) }],
    revert: () => {
      sheet.layout = before;
    },
  };
}
