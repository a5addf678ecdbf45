// Page-level copy/cut/paste while the grid has focus (the browser's clipboard events), and
// the same actions for the context menu through the async Clipboard API. Ctrl+Shift+V pastes
// values only: the browser's paste event that follows the keys (its "paste as plain text")
// writes the copied cells' computed values (docs/ui-rules.md CLIP-06).
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Session } from '../app/session.js';
import type { Rect } from './address.js';
import {
  copyFromCache,
  copyFromServer,
  pasteBlock,
  pasteCut,
  pasteValuesBlock,
  writePaste,
  type InternalClip,
} from './clipboard.js';
import { formatsFromHtml } from './html-table-formats.js';
import { isPlain, pasteFormatGrid, withImpliedNumberFormats } from './format-patch.js';

export interface ClipboardActions {
  /** The copied range, outlined with a dashed border until Escape or a paste of a cut. */
  readonly marquee: { sheet: string; rect: Rect } | undefined;
  readonly clearMarquee: () => void;
  readonly copy: (cut: boolean) => Promise<void>;
  readonly paste: () => Promise<void>;
  /** Paste the computed values only, no formulas and no formats (Ctrl+Shift+V). */
  readonly pasteValues: () => Promise<void>;
}

/** How long after Ctrl+Shift+V the paste event it causes is taken as a paste of values, ms. */
const VALUES_KEY_MS = 1000;

export function useClipboard(
  session: Session,
  container: RefObject<HTMLElement | null>,
): ClipboardActions {
  const internal = useRef<InternalClip | undefined>(undefined);
  const [marquee, setMarquee] = useState<{ sheet: string; rect: Rect } | undefined>();

  const remember = useCallback((clip: InternalClip) => {
    internal.current = clip;
    setMarquee({ sheet: clip.sheet, rect: clip.rect });
  }, []);

  const pasteText = useCallback(
    async (text: string, html = '', valuesOnly = false) => {
      const target = session.selection.get().rect;
      const clip = internal.current;
      const fromHere = clip !== undefined && clip.text === text;
      if (valuesOnly) {
        // As in Excel, a cut is moved whole: its values alone cannot be pasted.
        if (fromHere && clip.cut) {
          session.toasts.show(
            'Paste values only works on copied cells: copy them (Ctrl+C), or paste the cut with Ctrl+V.',
            'error',
          );
          return;
        }
        const values = await pasteValuesBlock(text, clip, target);
        if (values.length > 0) await writePaste(session, values, target);
        return;
      }
      if (fromHere && clip.cut) {
        if (await pasteCut(session, clip, target)) {
          internal.current = undefined;
          setMarquee(undefined);
        }
        return;
      }
      const block = await pasteBlock(text, clip, target);
      if (block.length === 0) return;
      // A copy made here carries its formats; another program's carries them in its HTML table.
      const outside = fromHere || html === '' ? undefined : formatsFromHtml(html);
      const formats = pasteFormatGrid(
        fromHere
          ? clip.formats
          : outside?.some((row) => row.some((format) => !isPlain(format))) === true
            ? withImpliedNumberFormats(outside, block)
            : undefined,
        block,
      );
      await writePaste(session, block, target, formats);
    },
    [session],
  );

  useEffect(() => {
    const gridHasFocus = () =>
      container.current?.contains(document.activeElement) === true &&
      session.editing.get() === null;
    const onCopy = (event: ClipboardEvent, cut: boolean) => {
      if (!gridHasFocus()) return;
      event.preventDefault();
      const rect = session.selection.get().rect;
      const cached = copyFromCache(session, rect, cut);
      if (cached !== undefined) {
        event.clipboardData?.setData('text/plain', cached.clip.text);
        event.clipboardData?.setData('text/html', cached.html);
        remember(cached.clip);
        return;
      }
      // Not all cells are cached: read them, then write through the async Clipboard API.
      void copyFromServer(session, rect, cut)
        .then(async (result) => {
          if (result === undefined) return;
          remember(result.clip);
          await navigator.clipboard.write([
            new ClipboardItem({
              'text/plain': new Blob([result.clip.text], { type: 'text/plain' }),
              'text/html': new Blob([result.html], { type: 'text/html' }),
            }),
          ]);
        })
        .catch((error: unknown) => session.reportError('Copy failed', error));
    };
    const copy = (event: ClipboardEvent) => onCopy(event, false);
    const cut = (event: ClipboardEvent) => onCopy(event, true);
    // When Ctrl+Shift+V went down on the grid: the paste event it brings is one of values only.
    let valuesKeyAt = -Infinity;
    const keyDown = (event: KeyboardEvent) => {
      if (
        (event.ctrlKey || event.metaKey) &&
        event.shiftKey &&
        !event.altKey &&
        event.code === 'KeyV' &&
        gridHasFocus()
      )
        valuesKeyAt = performance.now();
    };
    const paste = (event: ClipboardEvent) => {
      if (!gridHasFocus()) return;
      event.preventDefault();
      const valuesOnly = performance.now() - valuesKeyAt < VALUES_KEY_MS;
      valuesKeyAt = -Infinity;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      const html = event.clipboardData?.getData('text/html') ?? '';
      pasteText(text, html, valuesOnly).catch((error: unknown) =>
        session.reportError('Paste failed', error),
      );
    };
    document.addEventListener('copy', copy);
    document.addEventListener('cut', cut);
    document.addEventListener('keydown', keyDown, true);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('copy', copy);
      document.removeEventListener('cut', cut);
      document.removeEventListener('keydown', keyDown, true);
      document.removeEventListener('paste', paste);
    };
  }, [session, container, remember, pasteText]);

  const copy = useCallback(
    async (cut: boolean) => {
      const rect = session.selection.get().rect;
      try {
        const result =
          copyFromCache(session, rect, cut) ?? (await copyFromServer(session, rect, cut));
        if (result === undefined) return;
        remember(result.clip);
        await navigator.clipboard.writeText(result.clip.text);
      } catch (error) {
        session.reportError(cut ? 'Cut failed' : 'Copy failed', error);
      }
    },
    [session, remember],
  );

  const pasteFromMenu = useCallback(
    async (valuesOnly: boolean) => {
      try {
        await pasteText(await navigator.clipboard.readText(), '', valuesOnly);
      } catch (error) {
        session.reportError(
          `Paste failed (the browser did not allow reading the clipboard; use ${valuesOnly ? 'Ctrl+Shift+V' : 'Ctrl+V'})`,
          error,
        );
      }
    },
    [session, pasteText],
  );
  const paste = useCallback(() => pasteFromMenu(false), [pasteFromMenu]);
  const pasteValues = useCallback(() => pasteFromMenu(true), [pasteFromMenu]);

  const clearMarquee = useCallback(() => setMarquee(undefined), []);
  return useMemo(
    () => ({ marquee, clearMarquee, copy, paste, pasteValues }),
    [marquee, clearMarquee, copy, paste, pasteValues],
  );
}
