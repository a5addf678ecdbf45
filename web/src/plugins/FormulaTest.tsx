// Try a formula against the loaded plugins without touching the workbook: the server runs it in
// a throwaway kernel and answers with its value or its error.
import { useId, useState, type FormEvent } from 'react';
import type { PluginsController, TestOutcome } from './plugins-controller.js';

export function FormulaTest({ controller }: { controller: PluginsController }) {
  const [formula, setFormula] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | undefined>();
  const resultId = useId();

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (formula.trim() === '' || busy) return;
    setBusy(true);
    setOutcome(await controller.test(formula.trim()));
    setBusy(false);
  };

  return (
    <form className="plugin-test" aria-label="Test a formula" onSubmit={(event) => void run(event)}>
      <label className="plugin-test-field">
        Formula
        <input
          data-testid="plugin-test-formula"
          autoComplete="off"
          spellCheck={false}
          placeholder="=MY_FN(2)"
          value={formula}
          aria-describedby={resultId}
          onChange={(event) => setFormula(event.target.value)}
        />
      </label>
      <button type="submit" data-testid="plugin-test-run" disabled={busy || formula.trim() === ''}>
        {busy ? 'Testing…' : 'Test'}
      </button>
      <output
        id={resultId}
        aria-live="polite"
        data-testid="plugin-test-result"
        data-ok={outcome?.ok}
        className={outcome?.ok === false ? 'plugin-test-result inline-error' : 'plugin-test-result'}
      >
        {outcome?.text ?? ''}
      </output>
    </form>
  );
}
