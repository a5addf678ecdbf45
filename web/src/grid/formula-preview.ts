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

/** A dry run's answer; `display` is the result as the cell would show it (its number format). */
export interface PreviewAnswer {
  readonly result: string | number | boolean | null;
  readonly error: string | null;
  readonly display?: string;
}

export type Evaluate = (request: PreviewRequest) => Promise<PreviewAnswer | undefined>;

/** What the hint shows for an answer: undefined shows none. */
export function previewText(answer: PreviewAnswer | undefined): string | undefined {
  if (answer === undefined) return undefined;
  if (answer.error !== null) return answer.error.startsWith(PARSE_ERROR) ? undefined : answer.error;
  if (answer.result === null) return '0';
  return answer.display ?? displayValue(answer.result);
}

/** Whether `text` is a formula worth evaluating (more than the `=` that starts one). */
function isFormulaText(text: string): boolean {
  return text.startsWith('=') && text.slice(1).trim() !== '';
}

/** What the hint shows: the result's text, and whether it is for text typed over since. */
export interface PreviewShown {
  readonly text: string;
  /** The text changed and its own answer has not come yet: the hint shows dimmed. */
  readonly stale: boolean;
}

export class FormulaPreview {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped for each new text: an answer carrying an older number is stale. */
  private generation = 0;
  /** The last answer's text, kept (dimmed) while the next one is on its way. */
  private lastText: string | undefined;

  constructor(
    private readonly evaluate: Evaluate,
    private readonly show: (shown: PreviewShown | undefined) => void,
    private readonly delayMs = PREVIEW_DELAY_MS,
  ) {}

  /**
   * The text being edited changed (null: the edit ended). While a formula is typed the last
   * result stays, marked stale, until the new text's answer replaces it: hidden at each key, it
   * blinked with every character typed.
   */
  update(request: PreviewRequest | null): void {
    this.generation += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (request === null || !isFormulaText(request.text)) {
      this.setShown(undefined, false);
      return;
    }
    this.setShown(this.lastText, true);
    const generation = this.generation;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.evaluate(request).then(
        (answer) => {
          if (generation === this.generation) this.setShown(previewText(answer), false);
        },
        () => {
          // A failed dry run shows no hint; typing on asks again.
          if (generation === this.generation) this.setShown(undefined, false);
        },
      );
    }, this.delayMs);
  }

  private setShown(text: string | undefined, stale: boolean): void {
    this.lastText = text;
    this.show(text === undefined ? undefined : { text, stale });
  }

  dispose(): void {
    this.update(null);
  }
}
