// The page's own undo steps. The server keeps the history; the page remembers how many server
// commits each user action made (one Ctrl+Z undoes them together) and, for a typed cell, the
// version the edit left, sent with the undo so it never reverts someone else's newer change
// (docs/ui-rules.md UNDO-04: the server answers 409 instead).
import type { GridApi } from '../api/grid-api.js';

export interface UndoStep {
  readonly sheet: string;
  readonly commits: number;
  /** Cells this action wrote → the version it left them at (single-commit cell edits only). */
  readonly versions?: Readonly<Record<string, number>>;
}

/** Several steps the user sees as one action; versions only mean something for a single commit. */
export function mergeSteps(steps: readonly UndoStep[]): UndoStep {
  return {
    sheet: steps.at(-1)!.sheet,
    commits: steps.reduce((sum, step) => sum + step.commits, 0),
  };
}

/** Steps whose versions are re-read after an undo; deeper ones drop their check (bounded work per Ctrl+Z). */
const REFRESHED_STEPS = 10;

/**
 * After our own undo or redo moved cells on, the steps still stacked expect the cells' new
 * versions: that change was ours, not someone else's. A cell the read does not return (now
 * empty) loses its check rather than causing a false conflict.
 */
export async function refreshVersions(
  grid: Pick<GridApi, 'read'>,
  stack: UndoStep[],
  sheets?: readonly string[],
): Promise<void> {
  // A step made on a sheet that is renamed for now (the rename is higher on the stack, or was
  // redone) is not read: its read answered 404, an error in the console after every Ctrl+Z. Its
  // check stays as it was; the undo reaching it brings the sheet's name back first.
  const known = (sheet: string) => sheets === undefined || sheets.includes(sheet);
  const checked = stack
    .map((step, index) => ({ step, index }))
    .filter(({ step }) => step.versions !== undefined && known(step.sheet));
  const refreshed = checked.slice(-REFRESHED_STEPS);
  for (const { step, index } of checked.slice(0, -REFRESHED_STEPS))
    stack[index] = { sheet: step.sheet, commits: step.commits };
  // Another Ctrl+Z or edit may change the stack while the reads run: only replace steps still in place.
  const addresses = [
    ...new Set(
      refreshed.flatMap(({ step }) =>
        Object.keys(step.versions!).map((cell) => `${step.sheet}\n${cell}`),
      ),
    ),
  ];
  const fresh = new Map<string, number>();
  await Promise.all(
    addresses.map(async (key) => {
      const [sheet, cell] = key.split('\n') as [string, string];
      const read = await grid.read(sheet, cell).catch(() => undefined);
      const found = read?.cells.find((entry) => entry.cell === cell);
      if (found !== undefined) fresh.set(key, found.version);
    }),
  );
  for (const { step, index } of refreshed) {
    const versions = Object.fromEntries(
      Object.keys(step.versions!).flatMap((cell) => {
        const version = fresh.get(`${step.sheet}\n${cell}`);
        return version === undefined ? [] : [[cell, version]];
      }),
    );
    if (stack[index] === step) stack[index] = { ...step, versions };
  }
}

/** The page's undo and redo steps, bottom to top. */
export interface UndoStacks {
  readonly undo: UndoStep[];
  readonly redo: UndoStep[];
}

interface StepStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Steps kept across a reload at most (the server keeps far fewer than this anyway). */
const KEPT_STEPS = 500;

function isStep(value: unknown): value is UndoStep {
  if (typeof value !== 'object' || value === null) return false;
  const step = value as Record<string, unknown>;
  const versions = step['versions'];
  return (
    typeof step['sheet'] === 'string' &&
    Number.isInteger(step['commits']) &&
    (step['commits'] as number) > 0 &&
    (versions === undefined ||
      (typeof versions === 'object' &&
        versions !== null &&
        Object.values(versions).every((version) => Number.isInteger(version))))
  );
}

/**
 * The steps live in this tab's sessionStorage, per page address (a SaaS workbook is `?id=`):
 * after a reload, one Ctrl+Z still undoes one whole action (a cut and its paste, a paste and its
 * formats). Without them the page fell back to one server commit per press, so the first Ctrl+Z
 * after a reload undid only the paste of a cut and the moved cells vanished from both places.
 */
export class StepMemory {
  /** `key` is read at each load and save: a SaaS page's address gains its `?id=` after load. */
  constructor(
    private readonly key: string | (() => string),
    private readonly storage: StepStorage | undefined = (
      globalThis as { sessionStorage?: StepStorage }
    ).sessionStorage,
  ) {}

  /** The page's own storage key: one per page address. */
  static forPage(): StepMemory {
    const location = (globalThis as { location?: { pathname: string; search: string } }).location;
    return new StepMemory(
      () => `gridbook.undo-steps:${location?.pathname ?? ''}${location?.search ?? ''}`,
    );
  }

  private keyNow(): string {
    return typeof this.key === 'string' ? this.key : this.key();
  }

  load(): UndoStacks {
    try {
      const parsed = JSON.parse(this.storage?.getItem(this.keyNow()) ?? 'null') as unknown;
      const stacks = parsed as Partial<Record<'undo' | 'redo', unknown>> | null;
      const list = (value: unknown): UndoStep[] =>
        Array.isArray(value) && value.every(isStep) ? value : [];
      return { undo: list(stacks?.undo), redo: list(stacks?.redo) };
    } catch {
      return { undo: [], redo: [] };
    }
  }

  save(stacks: UndoStacks): void {
    try {
      this.storage?.setItem(
        this.keyNow(),
        JSON.stringify({
          undo: stacks.undo.slice(-KEPT_STEPS),
          redo: stacks.redo.slice(-KEPT_STEPS),
        }),
      );
    } catch {
      // Storage refused (quota, privacy mode): undo after a reload goes one commit per press.
    }
  }
}
