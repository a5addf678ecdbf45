// A menu-bar button that opens a dropdown of actions.
import { useState, type ReactNode } from 'react';
import { ContextMenu, type MenuItem } from './ContextMenu.js';

interface Props {
  readonly label: ReactNode;
  readonly testId: string;
  readonly items: readonly MenuItem[];
}

export function MenuButton({ label, testId, items }: Props) {
  const [at, setAt] = useState<{ x: number; y: number } | undefined>();
  return (
    <>
      <button
        type="button"
        className="menu-button"
        data-testid={testId}
        aria-haspopup="menu"
        aria-expanded={at !== undefined}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          setAt(at === undefined ? { x: box.left, y: box.bottom + 2 } : undefined);
        }}
      >
        {label}
      </button>
      {at !== undefined && (
        <ContextMenu
          x={at.x}
          y={at.y}
          items={items}
          onClose={() => setAt(undefined)}
          label={typeof label === 'string' ? label : testId}
        />
      )}
    </>
  );
}
