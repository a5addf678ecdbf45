// A macro the model proposes (macro_spec) is compiled against the engine's function list and
// shown in the preview; it is never saved or registered automatically. The language is
// GridOS's: a body of numbers, the macro's params and calls of known functions, nothing else
// (no operators, strings or cell references), so a saved macro can never reach the grid.

export interface ProposedMacro {
  readonly name: string;
  readonly params: readonly string[];
  readonly description: string;
  readonly body: string;
  readonly replaces_existing: boolean;
}

export interface MacroProposal {
  readonly proposed_macro: ProposedMacro | null;
  readonly macro_error: string | null;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(['TRUE', 'FALSE', 'NULL', 'NONE']);

type Token = { kind: 'number' | 'name'; text: string } | { kind: '(' | ')' | ',' };

class MacroSyntaxError extends Error {}

function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_.]*)|([(),]))/y;
  let index = 0;
  const text = body.trim().replace(/^=/, '');
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match === null)
      throw new MacroSyntaxError(
        `body: unexpected "${text.slice(index).trim().slice(0, 20)}" (only numbers, params, function calls, parentheses and commas are allowed).`,
      );
    if (match[1] !== undefined) tokens.push({ kind: 'number', text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: 'name', text: match[2].toUpperCase() });
    else tokens.push({ kind: match[3] as '(' | ')' | ',' });
    index = pattern.lastIndex;
  }
  return tokens;
}

/** Checks `expression := number | param | NAME "(" [expression ("," expression)*] ")"`. */
function checkBody(
  tokens: readonly Token[],
  params: ReadonlySet<string>,
  functions: ReadonlySet<string>,
): void {
  let position = 0;
  const expression = (): void => {
    const token = tokens[position];
    if (token === undefined) throw new MacroSyntaxError('body: the expression ends too early.');
    position += 1;
    if (token.kind === 'number') return;
    if (token.kind !== 'name') throw new MacroSyntaxError(`body: unexpected "${token.kind}".`);
    if (tokens[position]?.kind !== '(') {
      if (!params.has(token.text))
        throw new MacroSyntaxError(
          `body: unknown identifier ${token.text} (not one of the params ${[...params].join(', ') || 'none'}).`,
        );
      return;
    }
    if (!functions.has(token.text))
      throw new MacroSyntaxError(`body: ${token.text} is not a function the engine supports.`);
    position += 1;
    if (tokens[position]?.kind === ')') {
      position += 1;
      return;
    }
    for (;;) {
      expression();
      const next = tokens[position];
      position += 1;
      if (next?.kind === ')') return;
      if (next?.kind !== ',')
        throw new MacroSyntaxError(`body: expected "," or ")" after an argument of ${token.text}.`);
    }
  };
  expression();
  if (position !== tokens.length)
    throw new MacroSyntaxError('body: extra text after the expression.');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Compiles macro_spec; both fields are null when the reply proposes no macro. */
export function proposeMacro(
  spec: Readonly<Record<string, unknown>> | null,
  functionNames: readonly string[],
): MacroProposal {
  if (spec === null || Object.keys(spec).length === 0)
    return { proposed_macro: null, macro_error: null };
  const name = text(spec['name']).toUpperCase();
  const rawParams = spec['params'] ?? [];
  const params = Array.isArray(rawParams)
    ? rawParams.map((param) => text(param).toUpperCase())
    : [];
  const macro: ProposedMacro = {
    name,
    params,
    description: text(spec['description']),
    body: text(spec['body']),
    replaces_existing: false,
  };
  const error = (message: string): MacroProposal => ({
    proposed_macro: macro,
    macro_error: message,
  });
  const functions = new Set(functionNames.map((fn) => fn.toUpperCase()));
  if (name === '') return error('name: a macro needs a name.');
  if (!IDENTIFIER.test(name) || RESERVED.has(name))
    return error(
      `name: "${name}" must be letters, digits or _ (not starting with a digit) and not TRUE, FALSE, NULL or NONE.`,
    );
  if (functions.has(name))
    return error(`name: ${name} is already a function of the engine; pick another name.`);
  if (!Array.isArray(rawParams)) return error('params: must be a list of names.');
  const invalid = params.find((param) => !IDENTIFIER.test(param));
  if (invalid !== undefined) return error(`params: "${invalid}" is not a valid parameter name.`);
  if (new Set(params).size !== params.length)
    return error('params: parameter names must be unique.');
  if (macro.body === '')
    return error('body: a macro needs a body, for example =DIVIDE(MINUS(A, B), A).');
  try {
    checkBody(tokenize(macro.body), new Set(params), functions);
  } catch (failure) {
    if (failure instanceof MacroSyntaxError) return error(failure.message);
    throw failure;
  }
  return { proposed_macro: macro, macro_error: null };
}
