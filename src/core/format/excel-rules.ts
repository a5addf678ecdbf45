// Where Excel and numfmt part ways, Excel's behaviour, applied around numfmt so that display,
// TEXT() and export still go through one function (formatNumber). Each rule is documented
// Excel behaviour, pinned by a unit test in excel-rules.test.ts:
// - elapsed times (`[h]`, `[m]`, `[s]`) of a negative number show a minus sign and the elapsed
//   time of its size (numfmt counts back from zero: -2:03:04 came out as -2:56:56);
// - with an elapsed `[h]` or `[s]` in the code, a plain `h`/`s` of the same unit also counts the
//   whole elapsed time (`[h]" hours ("h")"` shows 75 twice);
// - every `%` multiplies by 100 (`0%%` shows 0.5 as 5000%%); numfmt multiplies once;
// - fraction sections follow Excel's rules for literals, blanks and padding (fraction-format.ts);
// - commas right before the decimal point each divide by 1,000, as trailing ones do (`#,.#,` shows
//   1234567 as 1.2, poi NumberFormatTests.xlsx A93, A97); numfmt took them for grouping;
// - thousands separators stay on when literal text sits between integer digit placeholders
//   (`0,## ##, ##`; grouped-digits.ts).
import { formatFraction, parseFractionSection } from './fraction-format.js';
import { groupedDigitsText } from './grouped-digits.js';
import { sectionFor, splitSections, tokenize, unquoted } from './format-sections.js';

export type Engine = (code: string, value: number) => string;

const ELAPSED = /\[(h+|s+)\]/gi;
const ANY_ELAPSED = /\[(h+|m+|s+)\]/i;

/** What a code needs beyond numfmt, worked out once per code. */
interface CodePlan {
  /** The code numfmt gets (plain units of an elapsed unit bracketed). */
  readonly code: string;
  readonly elapsed: boolean;
  readonly singleSection: boolean;
  /** How many `%` the only section has. */
  readonly percents: number;
  readonly hasSlash: boolean;
  /** A `,` between two digit placeholders (grouping), which grouped-digits.ts may have to apply. */
  readonly groups: boolean;
  /** A one-section code without the commas before its decimal point, and the 1,000s they divide by. */
  readonly scaled: { readonly code: string; readonly divisor: number } | undefined;
}

const plans = new Map<string, CodePlan>();
const PLAN_LIMIT = 10_000;

function planFor(code: string): CodePlan {
  let plan = plans.get(code);
  if (plan === undefined) {
    const syntax = unquoted(code);
    const singleSection = splitSections(code).length === 1;
    plan = {
      code: bracketElapsedUnits(code, syntax),
      elapsed: ANY_ELAPSED.test(syntax),
      singleSection,
      percents: singleSection ? (syntax.match(/%/g) ?? []).length : 0,
      hasSlash: syntax.includes('/'),
      groups: /[0#],[0#]/.test(syntax),
      scaled: singleSection ? scaledBeforePoint(code, syntax) : undefined,
    };
    if (plans.size >= PLAN_LIMIT) plans.clear();
    plans.set(code, plan);
  }
  return plan;
}

const COMMAS_BEFORE_POINT = /[0#?](,+)\./;

/** `#,.#,` → `#.#,` and 1,000: the commas between the last integer placeholder and the point. */
function scaledBeforePoint(
  code: string,
  syntax: string,
): { readonly code: string; readonly divisor: number } | undefined {
  const match = COMMAS_BEFORE_POINT.exec(syntax);
  if (match === null) return undefined;
  const start = match.index + 1;
  const commas = match[1]!.length;
  return {
    code: code.slice(0, start) + code.slice(start + commas),
    divisor: 1000 ** commas,
  };
}

/** `[h]… h` → `[h]… [h]`: with an elapsed hour (or second), plain ones count the whole time. */
function bracketElapsedUnits(code: string, syntax: string): string {
  const units = new Set([...syntax.matchAll(ELAPSED)].map((match) => match[1]![0]!.toLowerCase()));
  if (units.size === 0) return code;
  let out = '';
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i]!;
    if (syntax[i] !== char || char === '[') {
      // Quoted, escaped or bracketed text is copied as is.
      if (char === '[' && syntax[i] === char) {
        const end = code.indexOf(']', i);
        const stop = end === -1 ? code.length - 1 : end;
        out += code.slice(i, stop + 1);
        i = stop;
      } else out += char;
      continue;
    }
    const unit = char.toLowerCase();
    if (units.has(unit) && (unit === 'h' || unit === 's')) {
      let run = char;
      while (code[i + 1]?.toLowerCase() === unit && syntax[i + 1] === code[i + 1]) {
        i += 1;
        run += code[i];
      }
      out += `[${run}]`;
    } else out += char;
  }
  return out;
}

/** The number as Excel shows it where numfmt would differ; undefined where numfmt agrees. */
export function formatByExcelRules(
  code: string,
  value: number,
  engine: Engine,
): string | undefined {
  const plan = planFor(code);
  if (plan.elapsed) {
    if (plan.singleSection && value < 0) return `-${engine(plan.code, -value)}`;
    return plan.code === code ? undefined : engine(plan.code, value);
  }
  if (plan.scaled !== undefined) return engine(plan.scaled.code, value / plan.scaled.divisor);
  if (plan.percents > 1) return engine(code, value * 100 ** (plan.percents - 1));
  if (plan.hasSlash) return fractionText(code, value);
  if (plan.groups) return groupedDigitsText(code, value);
  return undefined;
}

const fractionSections = new Map<string, ReturnType<typeof parseFractionSection>>();

function fractionText(code: string, value: number): string | undefined {
  const chosen = sectionFor(code, value);
  if (chosen === undefined) return undefined;
  let section = fractionSections.get(chosen.section);
  if (section === undefined && !fractionSections.has(chosen.section)) {
    section = parseFractionSection(tokenize(chosen.section));
    if (fractionSections.size >= PLAN_LIMIT) fractionSections.clear();
    fractionSections.set(chosen.section, section);
  }
  if (section === undefined || !Number.isFinite(value)) return undefined;
  return `${chosen.signed ? '-' : ''}${formatFraction(section, Math.abs(value))}`;
}
