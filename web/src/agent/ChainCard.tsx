// The steps of a chain run: agent, target, observations (cell = value, with ⚠ warnings),
// and how it ended (docs/ui-rules.md AI-17).
import type { ChainEntry } from './thread.js';
import { displayValue } from '../grid/cell-format.js';
import { PlanBlock } from './ProposalBlocks.js';
import { BlockedList } from './BlockedList.js';
import { findBlockedFormulas } from '../api/errors.js';

const STOP_REASONS: Readonly<Record<string, string>> = {
  completion: 'the agent said it was done',
  max_iterations: 'the step limit was reached',
  nothing_left: 'there was nothing left to do',
  rejected_twice: 'the guardrails refused the same step twice',
  aborted: 'it was stopped',
  error: 'an error ended it',
};

function footer(entry: ChainEntry): string {
  const result = entry.result;
  const so = `${entry.steps.length} ${entry.steps.length === 1 ? 'step' : 'steps'}`;
  if (result === null)
    return entry.ended === true
      ? `Ended after ${so}; the steps shown were written.`
      : `Running… ${so} so far.`;
  const count = `${result.steps.length} ${result.steps.length === 1 ? 'step' : 'steps'}`;
  const reason =
    result.stop_reason === undefined
      ? ''
      : ` (${STOP_REASONS[result.stop_reason] ?? result.stop_reason})`;
  const base = result.terminated_early
    ? `Finished after ${count}${reason}.`
    : `Reached the step limit (${count}).`;
  return result.error === null || result.error === undefined ? base : `${base} ${result.error}`;
}

export function ChainCard({
  entry,
  onGoTo,
}: {
  entry: ChainEntry;
  onGoTo: (reference: string) => void;
}) {
  return (
    <article
      className="card chain-card"
      data-testid="chain-card"
      data-running={entry.result === null && entry.ended !== true}
    >
      {entry.steps.map((step) => (
        <section key={step.iteration} className="chain-step" data-testid="chain-step">
          <p className="card-meta">
            <strong>
              Step {step.iteration + 1} · {step.completion_signal ? 'complete' : step.agent_id}
            </strong>
            {step.target !== null && !step.completion_signal && (
              <>
                {' '}
                · target{' '}
                <button type="button" className="cell-link" onClick={() => onGoTo(step.target!)}>
                  {step.target}
                </button>
              </>
            )}
          </p>
          <p className="card-reasoning">{step.reasoning}</p>
          {step.plan !== null && step.plan !== undefined && (
            <PlanBlock plan={step.plan} onGoTo={onGoTo} />
          )}
          {step.observations.length > 0 && (
            <ul className="observations">
              {step.observations.map((observation) => (
                <li key={observation.cell} data-testid="chain-observation">
                  {observation.cell} = {displayValue(observation.value)}
                  {observation.formula !== null && <code> ({observation.formula})</code>}
                  {observation.warning !== null && (
                    <span className="card-warning"> ⚠ {observation.warning}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {step.chart_error !== null && step.chart_error !== undefined && (
            <p className="card-warning">Chart not added: {step.chart_error}</p>
          )}
          {(step.guardrail_issues ?? []).length > 0 && (
            <div className="card-warning" data-testid="chain-step-blocked">
              Not written — the guardrails refused it:
              <BlockedList blocked={findBlockedFormulas(step.guardrail_issues)} onGoTo={onGoTo} />
            </div>
          )}
        </section>
      ))}
      <p className="chain-footer" data-testid="chain-footer">
        {footer(entry)}
      </p>
    </article>
  );
}
