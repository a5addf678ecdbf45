// The live result of a formula being typed (docs/ui-rules.md EDIT-12): once the text rests for a
// moment, one dry run through POST /eval at the edited cell (nothing is written), its answer shown
// as the cell would show it, an error as its text. An answer to older text is dropped. A formula
// that does not parse yet (`=SUM(`) shows nothing rather than #PARSE_ERROR! while it is typed.
import { displayValue } from './cell-format.js';

/** How long the text must rest before it is evaluated, ms (the hint shows within 300 ms). */
export const PREVIEW_DELAY_MS = 120;

/** The error a formula that does not parse gives (core/formula/sentinels.ts `parse`). */
const PARSE_ERROR = '#PARSE_ERROR!';

export interface PreviewRequest {
  readonly sheet: string;
  /** Where the formula would sit (A1). */
  readonly cell: string;
  readonly text: string;
}

export type Evaluate = (
  request: PreviewRequest,
) => Promise<{ result: string | number | boolean | null; error: string | null } | undefined>;

/** What the hint shows for an answer: undefined shows none. */
export function previewText(
  answer: { result: string | number | boolean | null; error: string | null } | undefined,
): string | undefined {
  if (answer === undefined) return undefined;
  if (answer.error !== null) return answer.error.startsWith(PARSE_ERROR) ? undefined : answer.error;
  return answer.result === null ? '0' : displayValue(answer.result);
}

/** Whether `text` is a formula worth evaluating (more than the `=` that starts one). */
function isFormulaText(text: string): boolean {
  return text.startsWith('=') && text.slice(1).trim() !== '';
}

export class FormulaPreview {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped for each new text: an answer carrying an older number is stale. */
  private generation = 0;

  constructor(
    private readonly evaluate: Evaluate,
    private readonly show: (text: string | undefined) => void,
    private readonly delayMs = PREVIEW_DELAY_MS,
  ) {}

  /** The text being edited changed (null: the edit ended). */
  update(request: PreviewRequest | null): void {
    this.generation += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.show(undefined);
    if (request === null || !isFormulaText(request.text)) return;
    const generation = this.generation;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.evaluate(request).then(
        (answer) => {
          if (generation === this.generation) this.show(previewText(answer));
        },
        () => undefined, // a failed dry run shows no hint; typing on asks again
      );
    }, this.delayMs);
  }

  dispose(): void {
    this.update(null);
  }
}
