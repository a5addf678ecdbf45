// TEXTJOIN over a range of more than about 120,000 cells (a whole column of a tall sheet)
// overflowed the stack: HyperFormula appends each argument's texts with one spread call
// (`push(...texts)`, a stack slot per cell), so the write failed with "the formula engine could
// not compute this change". Joined here the same way, the texts appended one at a time, and
// stopped as soon as the text is past what a cell holds (#VALUE!, as Excel answers).
import { CellError, ErrorType, HyperFormula } from 'hyperformula';
import { MAX_TEXT_LENGTH } from '../value-typing.js';

type Texts = readonly string[] | CellError;

interface TextJoinPlugin {
  /** An instance property of every plugin (set in its constructor), not on the prototype. */
  runFunction(
    args: unknown,
    state: unknown,
    metadata: unknown,
    join: (delimiters: unknown, ignoreEmpty: boolean, ...texts: unknown[]) => unknown,
  ): unknown;
  metadata(name: string): unknown;
  flattenArgToStrings(arg: unknown): Texts;
  textjoin(ast: { readonly args: unknown }, state: unknown): unknown;
}

const TOO_LONG = `the joined text would be longer than ${MAX_TEXT_LENGTH} characters, the most a cell holds`;

let installed = false;

export function joinLongRangesAsText(): void {
  if (installed) return;
  const prototype = HyperFormula.getFunctionPlugin('TEXTJOIN')?.prototype as
    Partial<TextJoinPlugin> | undefined;
  if (
    prototype === undefined ||
    (['metadata', 'flattenArgToStrings', 'textjoin'] as const).some(
      (name) => typeof prototype[name] !== 'function',
    )
  )
    throw new Error('HyperFormula no longer has TEXTJOIN where long-text-joins.ts replaces it.');
  prototype.textjoin = function (this: TextJoinPlugin, ast, state) {
    return this.runFunction(
      ast.args,
      state,
      this.metadata('TEXTJOIN'),
      (delimiterArg, ignoreEmpty, ...textArgs) => {
        const delimiters = this.flattenArgToStrings(delimiterArg);
        if (delimiters instanceof CellError) return delimiters;
        let joined = '';
        let parts = 0;
        for (const arg of textArgs) {
          const texts = this.flattenArgToStrings(arg);
          if (texts instanceof CellError) return texts;
          for (const text of texts) {
            if (ignoreEmpty && text === '') continue;
            // Delimiters given as a range take turns between the texts.
            const delimiter =
              parts === 0 ? '' : (delimiters[(parts - 1) % delimiters.length] ?? '');
            joined += delimiter + text;
            parts += 1;
            if (joined.length > MAX_TEXT_LENGTH) return new CellError(ErrorType.VALUE, TOO_LONG);
          }
        }
        return joined;
      },
    );
  };
  installed = true;
}
