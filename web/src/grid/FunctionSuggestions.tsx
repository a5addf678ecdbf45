// The list of functions matching the name being typed in a formula, shown under the cell editor
// and under the formula bar alike: a click takes one without taking the focus from the edit.
import type { CSSProperties } from 'react';
import type { Completion } from './function-completion.js';

export function FunctionSuggestions({
  completion,
  chosen,
  onChoose,
  id,
  style,
}: {
  completion: Completion;
  /** The index of the highlighted match. */
  chosen: number;
  onChoose: (name: string) => void;
  /** The element id, also its data-testid. */
  id: string;
  style?: CSSProperties;
}) {
  return (
    <ul
      id={id}
      className="function-suggestions"
      role="listbox"
      data-testid={id}
      {...(style === undefined ? {} : { style })}
    >
      {completion.matches.map((fn, index) => (
        <li
          key={fn.name}
          role="option"
          aria-selected={index === chosen}
          title={fn.description}
          onMouseDown={(event) => {
            // Keep the focus (and the edit) where it is.
            event.preventDefault();
            onChoose(fn.name);
          }}
        >
          <span className="function-signature">{fn.signature}</span>
          {fn.description !== '' && <span className="function-description">{fn.description}</span>}
        </li>
      ))}
    </ul>
  );
}
