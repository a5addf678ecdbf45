// Page-level copy/cut/paste while the grid has focus (the browser's clipboard events), and
// the same actions for the context menu through the async Clipboard API.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Session } from '../app/session.js';
import type { Rect } from './address.js';
import {
  copyFromCache,
  copyFromServer,
  pasteBlock,
  pasteCut,
  writePaste,
  type InternalClip,
} from './clipboard.js';
import { formatsFromHtml } from './html-table-formats.js';
import { isPlain, pasteFormatGrid } from './format-patch.js';

export interface ClipboardActions {
  /** The copied range, outlined with a dashed border until Escape or a paste of a cut. */
  readonly marquee: { sheet: string; rect: Rect } | undefined;
  readonly clearMarquee: () => void;
  readonly copy: (cut: boolean) => Promise<void>;
  readonly paste: () => Promise<void>;
}

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
    async (text: string, html = '') => {
      const target = session.selection.get().rect;
      const clip = internal.current;
      const fromHere = clip !== undefined && clip.text === text;
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
            ? outside
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
    const paste = (event: ClipboardEvent) => {
      if (!gridHasFocus()) return;
      event.preventDefault();
      const text = event.clipboardData?.getData('text/plain') ?? '';
      const html = event.clipboardData?.getData('text/html') ?? '';
      pasteText(text, html).catch((error: unknown) => session.reportError('Paste failed', error));
    };
    document.addEventListener('copy', copy);
    document.addEventListener('cut', cut);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('copy', copy);
      document.removeEventListener('cut', cut);
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

  const paste = useCallback(async () => {
    try {
      await pasteText(await navigator.clipboard.readText());
    } catch (error) {
      session.reportError(
        'Paste failed (the browser did not allow reading the clipboard; use Ctrl+V)',
        error,
      );
    }
  }, [session, pasteText]);

  const clearMarquee = useCallback(() => setMarquee(undefined), []);
  return useMemo(
    () => ({ marquee, clearMarquee, copy, paste }),
    [marquee, clearMarquee, copy, paste],
  );
}
