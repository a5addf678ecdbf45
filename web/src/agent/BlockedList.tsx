// Guardrail refusals as sentences with links: "B4 is blocked: it refers to the empty cell
// B9", where B4 and B9 select those cells (docs/ui-rules.md AI-12), or "B4 is blocked: its
// formula does not parse (why)".
import type { BlockedFormula } from '../api/errors.js';

interface Props {
  readonly blocked: readonly BlockedFormula[];
  readonly onGoTo: (reference: string) => void;
}

function CellLink({
  reference,
  onGoTo,
}: {
  reference: string;
  onGoTo: (reference: string) => void;
}) {
  return (
    <button
      type="button"
      className="cell-link"
      data-testid={`cell-link-${reference}`}
      onClick={() => onGoTo(reference)}
    >
      {reference}
    </button>
  );
}

function joinLinks(references: readonly string[], onGoTo: (reference: string) => void) {
  return references.map((reference, index) => (
    <span key={reference}>
      {index > 0 && (index === references.length - 1 ? ' and ' : ', ')}
      <CellLink reference={reference} onGoTo={onGoTo} />
    </span>
  ));
}

export function BlockedList({ blocked, onGoTo }: Props) {
  return (
    <ul className="blocked-list" data-testid="blocked-list">
      {blocked.map((entry, index) => (
        <li key={`${entry.cell}-${index}`} data-testid="blocked-item">
          <CellLink reference={entry.cell} onGoTo={onGoTo} /> is blocked:{' '}
          {entry.parseError !== undefined && <>its formula does not parse ({entry.parseError})</>}
          {entry.parseError === undefined && 'it refers to '}
          {entry.emptyRefs.length > 0 && (
            <>
              the empty {entry.emptyRefs.length === 1 ? 'cell' : 'cells'}{' '}
              {joinLinks(entry.emptyRefs, onGoTo)}
            </>
          )}
          {entry.emptyRefs.length > 0 && entry.badRefs.length > 0 && ' and '}
          {entry.badRefs.length > 0 && (
            <>
              the text {entry.badRefs.length === 1 ? 'cell' : 'cells'}{' '}
              {joinLinks(entry.badRefs, onGoTo)}
            </>
          )}
          {entry.formula !== '' && <code className="blocked-formula"> {entry.formula}</code>}
        </li>
      ))}
    </ul>
  );
}
