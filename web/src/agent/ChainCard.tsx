// The steps of a chain run: agent, target, observations (cell = value, with ⚠ warnings),
// and how it ended (docs/ui-rules.md AI-17).
import type { ChainEntry } from './thread.js';
import { displayValue } from '../grid/cell-format.js';
import { PlanBlock } from './ProposalBlocks.js';
import { BlockedList } from './BlockedList.js';
import { findBlockedFormulas } from '../api/errors.js';
import { toolsLine } from './tools-line.js';

const STOP_REASONS: Readonly<Record<string, string>> = {
  completion: 'the agent said it was done',
  max_iterations: 'the step limit was reached',
  repeated_write: 'the agent repeated its last write',
  aborted: 'it was stopped',
  error: 'an error ended it',
};

/** The last step's check of every cell the chain wrote or changed, and the tokens it used. */
function verificationLine(entry: ChainEntry): string {
  const last = entry.steps.at(-1)?.verification;
  const tokens = entry.result?.usage?.total_tokens;
  const used = tokens === undefined ? '' : ` ${tokens.toLocaleString('en-US')} tokens.`;
  if (last === undefined) return used.trim();
  const cells = `${last.cells_checked} ${last.cells_checked === 1 ? 'cell' : 'cells'}`;
  const errors =
    last.errors_left === 0
      ? 'no errors'
      : `${last.errors_left} ${last.errors_left === 1 ? 'error' : 'errors'} left (${last.error_cells.join(', ')})`;
  return `Checked ${cells}: ${errors}.${used}`;
}

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
          {(step.tools_used ?? []).length > 0 && (
            <p className="card-meta" data-testid="chain-step-tools">
              Looked at: {toolsLine(step.tools_used)}
            </p>
          )}
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
                  {observation.error !== null && observation.error !== undefined && (
                    <span className="card-warning"> ⚠ shows an error</span>
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
      {verificationLine(entry) !== '' && (
        <p className="card-meta" data-testid="chain-verification">
          {verificationLine(entry)}
        </p>
      )}
    </article>
  );
}
