// Pins Excel conformance: the whole corpus (../shared/conformance, shared/conformance/README.md)
// evaluated in-process as `npm run conformance` does, held to bench/conformance/baseline.json.
// Fails when the overall agreement or any baselined function's drops by more than 0.05
// percentage points; a rise passes and prints a hint to refresh the baseline.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_FILE,
  EPSILON_POINTS,
  compareWithBaseline,
  readBaseline,
} from '../../bench/conformance/baseline.js';
import { DEFAULT_CORPUS, percent, runConformance } from '../../bench/conformance/run.js';

const corpusPresent = existsSync(path.join(DEFAULT_CORPUS, 'corpus'));
if (!corpusPresent)
  console.warn(`conformance: skipped, no corpus at ${DEFAULT_CORPUS} (../shared/conformance)`);

describe('Excel conformance corpus', () => {
  it.skipIf(!corpusPresent)(
    corpusPresent
      ? `agreement does not drop below ${path.relative(process.cwd(), BASELINE_FILE)}`
      : `skipped: no conformance corpus at ${DEFAULT_CORPUS}`,
    async () => {
      const baseline = await readBaseline();
      const results = await runConformance({ corpus: DEFAULT_CORPUS });
      const { drops, gains } = compareWithBaseline(results, baseline);
      console.info(
        `conformance: ${percent(results.agree, results.scored).toFixed(2)} % of ${results.scored} scored cells ` +
          `(baseline ${baseline.overall.percent.toFixed(2)} %), ${results.seconds.toFixed(1)} s`,
      );
      if (gains.length > 0)
        console.info(
          `conformance: above the baseline by more than ${EPSILON_POINTS} points; record it with ` +
            `npm run conformance -- --write-baseline\n  ${gains.join('\n  ')}`,
        );
      expect(drops, `agreement fell below ${BASELINE_FILE}`).toEqual([]);
    },
    600_000,
  );
});
