// The landing page's prompt travels to the workbook page in sessionStorage (docs/ui-rules.md
// ENTRY-04): the landing page stores it and navigates; the workbook page takes it once, opens
// the assistant and sends it. Taking removes it, so a reload never sends it twice.
const HERO_PROMPT_KEY = 'gridbook:hero-prompt';

/** Where the workbook page lives (the landing page is at /). */
export const WORKBOOK_PATH = '/workbook';

export function storeHeroPrompt(prompt: string): void {
  sessionStorage.setItem(HERO_PROMPT_KEY, prompt);
}

/** True while a prompt from the landing page waits to be sent (without taking it). */
export function hasHeroPrompt(): boolean {
  return (sessionStorage.getItem(HERO_PROMPT_KEY) ?? '').trim() !== '';
}

/** The waiting prompt, removed from storage; undefined when there is none. */
export function takeHeroPrompt(): string | undefined {
  const prompt = sessionStorage.getItem(HERO_PROMPT_KEY);
  sessionStorage.removeItem(HERO_PROMPT_KEY);
  return prompt === null || prompt.trim() === '' ? undefined : prompt;
}
