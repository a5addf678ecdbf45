// The plan (sections with clickable targets) and macro proposals of an agent reply.
import type { MacroJson, PlanJson } from '../api/agent-api.js';

export function PlanBlock({
  plan,
  onGoTo,
}: {
  plan: PlanJson;
  onGoTo: (reference: string) => void;
}) {
  return (
    <div className="plan" data-testid="preview-plan">
      <p className="plan-title">
        Plan{plan.title !== undefined && plan.title !== '' ? ` · ${plan.title}` : ''}
        {plan.anchor !== undefined && plan.anchor !== '' ? ` · anchored at ${plan.anchor}` : ''}
      </p>
      <ol>
        {plan.sections.map((section, index) => (
          <li key={index} data-testid="plan-section">
            <strong>{section.label}</strong>{' '}
            {section.target !== undefined && section.target !== '' && (
              <button
                type="button"
                className="cell-link"
                data-testid="plan-target"
                onClick={() => onGoTo(section.target!)}
              >
                {section.target}
              </button>
            )}
            {section.notes !== undefined && section.notes !== '' && (
              <span className="hint"> — {section.notes}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body, null, 2);
  } catch {
    return String(body);
  }
}

export function MacroBlock({
  macro,
  error,
}: {
  macro: MacroJson | null | undefined;
  error: string | null | undefined;
}) {
  if ((macro === null || macro === undefined) && (error === null || error === undefined))
    return null;
  if (macro === null || macro === undefined) {
    return (
      <p className="card-warning" data-testid="macro-error">
        Macro proposal ignored: {error}
      </p>
    );
  }
  const params = (macro.params ?? [])
    .map((param) => (typeof param === 'string' ? param : bodyText(param)))
    .join(', ');
  const body = bodyText(macro.body);
  return (
    <div className="macro" data-testid="preview-macro">
      <p>
        Proposed macro <code data-testid="macro-signature">{`${macro.name}(${params})`}</code>
        {macro.replaces_existing === true && (
          <span className="card-warning" data-testid="macro-replaces">
            {' '}
            (replaces the existing {macro.name})
          </span>
        )}
      </p>
      {macro.description !== undefined && <p className="hint">{macro.description}</p>}
      <pre data-testid="macro-body">{body}</pre>
      <button
        type="button"
        data-testid="macro-copy"
        onClick={() => void navigator.clipboard.writeText(body)}
      >
        Copy body
      </button>
      {error !== null && error !== undefined && <p className="card-warning">{error}</p>}
    </div>
  );
}
