// axe-core in the browser: the violations a page has as it is now (accessibility tests of the
// OSS and SaaS pages).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[] }[];
}

/** Run axe-core on the page as it is now; the violations of the given impacts, described in one line each. */
export async function axeViolations(page: Page, impacts: readonly string[]): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy rightly refuses
  // an injected <script>, and the scan must see the page exactly as served.
  await page.evaluate(readFileSync(AXE_SCRIPT, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact !== null && impacts.includes(violation.impact))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
