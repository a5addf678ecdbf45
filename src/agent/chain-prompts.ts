// The follow-up prompt of each chain iteration after the first: what went wrong (rejected
// formulas, error values in cells the chain wrote or changed, column-alignment warnings) — to be
// fixed first — what the written formulas computed, where the plan stands, and how to finish. The
// original task is repeated because history is trimmed.
import { describeIssue, type GuardrailIssue } from '../core/index.js';
import type { Observation } from './observations.js';
import type { Plan } from './parse-reply.js';

/** The most observed values quoted back to the model. */
const MAX_OBSERVED = 60;

export interface FollowUp {
  readonly originalPrompt: string;
  readonly observations: readonly Observation[];
  readonly issues: readonly GuardrailIssue[];
  /** Where the last attempt was written (the retry goes there again). */
  readonly lastTarget: string | null;
  readonly plan: Plan | null;
  /** Sections written cleanly so far. */
  readonly sectionsDone: number;
  /** The next turn re-emits the section that had warnings. */
  readonly retrying: boolean;
  /** Cells the chain wrote or changed that show error values now. */
  readonly errors: readonly Observation[];
  /** The model signalled completion while errors were left: this is its one turn to fix them. */
  readonly completionRefused: boolean;
}

function errorLines(followUp: FollowUp): string | undefined {
  if (followUp.errors.length === 0) return undefined;
  const shown = followUp.errors.slice(0, MAX_OBSERVED).map((error) => {
    const formula = error.formula === null ? '' : ` (${error.formula})`;
    return `- ${error.cell}${formula} shows ${error.error ?? String(error.value)}`;
  });
  const more =
    followUp.errors.length > MAX_OBSERVED
      ? `\n… and ${followUp.errors.length - MAX_OBSERVED} more`
      : '';
  const heading = followUp.completionRefused
    ? 'YOU SIGNALLED COMPLETION, BUT CELLS YOUR WRITES PRODUCED OR CHANGED SHOW ERRORS:'
    : 'ERRORS IN CELLS YOUR WRITES PRODUCED OR CHANGED — FIX THESE FIRST:';
  const rewrite =
    'In your next write you may rewrite cells you wrote in this chain in place (target them directly): correct the formula, or the input it reads. Guard divisions (IF or IFERROR) and do arithmetic on numeric cells, not labels.';
  const close = followUp.completionRefused
    ? ' If an error is intended, say so in reasoning and signal completion again.'
    : '';
  return `${heading}\n${shown.join('\n')}${more}\n${rewrite}${close}`;
}

function observedLine(observations: readonly Observation[]): string | undefined {
  const formulas = observations.filter((observation) => observation.formula !== null);
  if (formulas.length === 0) return undefined;
  const shown = formulas
    .slice(0, MAX_OBSERVED)
    .map((observation) => `${observation.cell}=${JSON.stringify(observation.value)}`);
  const more =
    formulas.length > MAX_OBSERVED ? ` … and ${formulas.length - MAX_OBSERVED} more` : '';
  return `Observed after last write: [${shown.join(', ')}]${more}`;
}

function planLine(followUp: FollowUp): string | undefined {
  const plan = followUp.plan;
  if (plan === null) return undefined;
  const total = plan.sections.length;
  const remaining = total - followUp.sectionsDone;
  if (remaining <= 0)
    return `PLAN "${plan.title}": all ${total} sections are written. Check the observed values; if the model is complete return "values": [[""]].`;
  const next = plan.sections[followUp.sectionsDone]!;
  const verb = followUp.retrying ? 'Re-emit' : 'Write';
  return (
    `PLAN "${plan.title}": ${total} sections, ${followUp.sectionsDone} written cleanly, ${remaining} remaining. ` +
    `${verb} only the section "${next.label}" at ${next.target || 'the next free place'}${next.notes === '' ? '' : ` (${next.notes})`}. ` +
    'Do not resend the plan. After the last section, signal completion with "values": [[""]].'
  );
}

export function followUpPrompt(followUp: FollowUp): string {
  const warnings = followUp.observations.flatMap((observation) =>
    observation.warning === null ? [] : [observation.warning],
  );
  const parts: string[] = [`ORIGINAL TASK: ${followUp.originalPrompt}`];
  const errors = errorLines(followUp);
  if (errors !== undefined) parts.push(errors);
  if (followUp.issues.length > 0) {
    parts.push(
      'YOUR LAST WRITE WAS REJECTED AND NOTHING WAS WRITTEN:\n' +
        followUp.issues.map((issue) => `- ${describeIssue(issue)}`).join('\n') +
        '\nFix those formulas (fill their inputs first or write them in the same answer; use numeric cells, not labels) and send the corrected write.',
    );
  }
  if (warnings.length > 0) {
    const action = followUp.retrying
      ? `Re-emit the same section at the same target (${followUp.lastTarget ?? 'the same place'}) with each column's formulas reading their own column. It replaces the previous attempt.`
      : 'The section was already retried once and is kept as it is; fix it later with a new write if you must, and go on.';
    parts.push(
      `COLUMN-ALIGNMENT WARNINGS IN YOUR LAST WRITE:\n${warnings.map((warning) => `- ${warning}`).join('\n')}\n${action}`,
    );
  }
  const observed = observedLine(followUp.observations);
  if (observed !== undefined) parts.push(observed);
  const plan = planLine(followUp);
  if (plan !== undefined) parts.push(plan);
  parts.push(
    'Continue with the original task without repeating cells already written, or, if it is complete, return "values": [[""]] ' +
      `with target_cell set to the last written cell${followUp.lastTarget === null ? '' : ` (${followUp.lastTarget})`}.`,
  );
  return parts.join('\n\n');
}
