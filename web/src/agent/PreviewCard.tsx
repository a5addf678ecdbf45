// One agent proposal: reasoning, agent and scope, target, warnings (occupied cells, moved
// target), plan, macro and chart proposals, then Apply / Dismiss — or its frozen outcome.
import type { PreviewEntry } from './thread.js';
import type { AgentController } from './agent-controller.js';
import { BlockedList } from './BlockedList.js';
import { PlanBlock, MacroBlock } from './ProposalBlocks.js';
import { summarizeChartSpec } from '../api/agent-api.js';
import { toolsLine } from './tools-line.js';

const BADGES: Readonly<Record<string, string>> = {
  applied: 'Applied',
  dismissed: 'Dismissed',
  superseded: 'Superseded',
};

function outcomeText(entry: PreviewEntry): string | undefined {
  const result = entry.result;
  if (result === undefined) return undefined;
  const parts: string[] = [];
  if (result.status === 'Collision Resolved')
    parts.push(
      `The target was occupied, so the data went to ${result.actual_target ?? 'another place'}.`,
    );
  else if (result.actual_target !== null && result.actual_target !== undefined)
    parts.push(`Written at ${result.actual_target}.`);
  if (result.chart !== null && result.chart !== undefined) parts.push('Chart added.');
  if (
    result.status === 'Partial' ||
    (result.chart_error !== null && result.chart_error !== undefined)
  ) {
    parts.push(
      `The cells were written, but the chart was not: ${result.chart_error ?? 'unknown chart error'}.`,
    );
  }
  return parts.join(' ');
}

/** `A1:C1 bold, fill #DDEBF7; B2:B3 "$"#,##0.00`: each proposed format in a few words. */
function formatsLine(formats: PreviewEntry['preview']['formats']): string {
  return formats
    .map(({ range, format }) => {
      const words = Object.entries(format).map(([field, value]) =>
        value === true
          ? field
          : value === null
            ? `no ${field}`
            : `${field === 'number_format' ? '' : `${field} `}${String(value)}`,
      );
      return `${range} ${words.join(', ')}`;
    })
    .join('; ');
}

export function PreviewCard({
  entry,
  controller,
  scope,
}: {
  entry: PreviewEntry;
  controller: AgentController;
  scope: string;
}) {
  const { preview } = entry;
  const target = controller.describeTarget(preview);
  const hasValues = preview.values !== null && preview.values.length > 0;
  const chart = preview.chart_spec === null ? null : summarizeChartSpec(preview.chart_spec);
  const hasChart = chart !== null;
  const canApply = hasValues || hasChart;
  const moved =
    preview.original_request !== undefined &&
    preview.original_request !== null &&
    preview.target_cell !== null &&
    preview.original_request.toUpperCase() !== preview.target_cell.toUpperCase();
  const open = entry.status === 'open' || entry.status === 'applying';
  const applyLabel = !hasValues && hasChart ? 'Add chart' : 'Apply';
  const outcome = outcomeText(entry);

  return (
    <article
      className={`card preview-card status-${entry.status}`}
      data-testid="preview-card"
      data-status={entry.status}
    >
      {(preview.tools_used ?? []).length > 0 && (
        <p className="card-meta" data-testid="preview-tools">
          Looked at: {toolsLine(preview.tools_used)}
        </p>
      )}
      <p className="card-reasoning" data-testid="preview-reasoning">
        {preview.reasoning}
      </p>
      <div className="card-meta">
        <span className="agent-label" data-testid="preview-agent">
          {(preview.category ?? preview.agent_id).toUpperCase()}
        </span>
        <span>{scope}</span>
        {target !== undefined && (
          <button
            type="button"
            className="target-chip"
            data-testid="preview-target"
            onClick={() => controller.goTo(target)}
          >
            {target}
          </button>
        )}
      </div>
      {moved && (
        <p className="card-warning" data-testid="preview-moved">
          The target moved from {preview.original_request} to {preview.target_cell} to avoid
          existing data.
        </p>
      )}
      {open && entry.occupied.length > 0 && (
        <p className="card-warning" data-testid="preview-occupied">
          {entry.occupied.join(', ')} {entry.occupied.length === 1 ? 'is' : 'are'} occupied:
          applying moves the new block to free cells.
        </p>
      )}
      {open && hasValues && (
        <label className="card-shift">
          If the target is taken, shift{' '}
          <select
            aria-label="Shift direction"
            data-testid="shift-direction"
            value={entry.shift}
            onChange={(event) =>
              controller.setShift(entry.id, event.target.value as 'right' | 'down')
            }
          >
            <option value="right">right</option>
            <option value="down">down</option>
          </select>
        </label>
      )}
      {preview.plan !== null && (
        <PlanBlock plan={preview.plan} onGoTo={(reference) => controller.goTo(reference)} />
      )}
      <MacroBlock macro={preview.proposed_macro} error={preview.macro_error} />
      {(preview.formats ?? []).length > 0 && (
        <p className="card-meta" data-testid="preview-formats">
          Formats: {formatsLine(preview.formats)}
        </p>
      )}
      {chart !== null && (
        <p className="card-chart" data-testid="preview-chart">
          Proposed {chart.chartType} chart “{chart.title}” of {chart.dataRange} at{' '}
          {chart.anchorCell}.
        </p>
      )}
      {entry.applyError !== undefined && (
        <div role="alert" className="card-error" data-testid="apply-error">
          <p>{entry.applyError.message}</p>
          {entry.applyError.blocked.length > 0 && (
            <BlockedList
              blocked={entry.applyError.blocked}
              onGoTo={(reference) => controller.goTo(reference)}
            />
          )}
        </div>
      )}
      {open && (
        <div className="card-actions">
          {canApply && (
            <button
              type="button"
              className="primary"
              data-testid="preview-apply"
              disabled={entry.status === 'applying'}
              onClick={() => void controller.apply(entry.id)}
            >
              {entry.status === 'applying' ? 'Applying…' : applyLabel}
            </button>
          )}
          <button
            type="button"
            data-testid="preview-dismiss"
            disabled={entry.status === 'applying'}
            onClick={() => controller.dismiss(entry.id)}
          >
            Dismiss
          </button>
        </div>
      )}
      {!open && (
        <p className="card-outcome">
          <span className={`badge badge-${entry.status}`} data-testid="outcome-badge">
            {BADGES[entry.status]}
          </span>{' '}
          {outcome !== undefined && <span data-testid="apply-result">{outcome}</span>}
        </p>
      )}
    </article>
  );
}
