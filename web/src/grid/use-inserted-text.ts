// Text that reaches a selected cell without a key press (an emoji picker, the character viewer,
// dictation) starts an edit with that text, as typing it does. The grid is a canvas, which takes
// no text: the browser fires no beforeinput or input on it, so such text was dropped. Chromium's
// EditContext gives an element text input of its own; browsers without it drop the text as
// before (docs/decisions/2026-12-01-text-inserted-into-the-grid.md).
import { useEffect, type RefObject } from 'react';
import type { Session } from '../app/session.js';
import type { EditController } from './editing.js';

/** The part of EditContext used here (TypeScript's DOM types do not have it yet). */
interface TextContext extends EventTarget {
  readonly text: string;
  updateText(start: number, end: number, text: string): void;
  updateSelection(start: number, end: number): void;
}

type WithTextContext = HTMLElement & { editContext?: TextContext | null };

function textContextClass(): (new () => TextContext) | undefined {
  return (window as unknown as { EditContext?: new () => TextContext }).EditContext;
}

export function useInsertedText(
  container: RefObject<HTMLElement | null>,
  session: Session,
  editor: EditController,
): void {
  useEffect(() => {
    const Context = textContextClass();
    const area = container.current;
    // A touch screen would open its keyboard on every tap of a cell: only where a mouse leads.
    if (Context === undefined || !area || !window.matchMedia('(pointer: fine)').matches) return;
    const context = new Context();
    let composing = false;
    // The context keeps no text: what arrives goes to the editor, which holds it from then on.
    const take = (text: string) => {
      context.updateText(0, context.text.length, '');
      context.updateSelection(0, 0);
      if (text === '' || session.editing.get() !== null) return;
      editor.start(session.selection.get().cursor, text, { mode: 'enter', origin: 'cell' });
    };
    const onText = (event: Event) => {
      if (!composing) take((event as Event & { text: string }).text);
    };
    // A composition no key announced (keys reported as "Process" open the editor before it
    // starts, grid-keys.ts): its text is taken once it is committed.
    const onCompositionStart = () => (composing = true);
    const onCompositionEnd = () => {
      composing = false;
      take(context.text);
    };
    context.addEventListener('textupdate', onText);
    context.addEventListener('compositionstart', onCompositionStart);
    context.addEventListener('compositionend', onCompositionEnd);
    // Glide draws its canvas after the first render: the context goes on it when it takes focus.
    let canvas: WithTextContext | undefined;
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLCanvasElement) || target === canvas) return;
      if (target.dataset['testid'] !== 'data-grid-canvas') return;
      if (canvas !== undefined) canvas.editContext = null;
      canvas = target as WithTextContext;
      canvas.editContext = context;
    };
    area.addEventListener('focusin', onFocus);
    return () => {
      area.removeEventListener('focusin', onFocus);
      if (canvas !== undefined) canvas.editContext = null;
      context.removeEventListener('textupdate', onText);
      context.removeEventListener('compositionstart', onCompositionStart);
      context.removeEventListener('compositionend', onCompositionEnd);
    };
  }, [container, session, editor]);
}
