// The landing page at /: a prompt that builds something in the workbook (handed to the
// workbook page, which sends it to the assistant in a new sheet), example prompts, and a
// card to continue with the workbook as it is.
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiClient } from '../api/client.js';
import { ApiError, errorMessage } from '../api/errors.js';
import { readSignIn } from '../auth/stored-sign-in.js';
import { storeHeroPrompt, WORKBOOK_PATH } from './hero-handoff.js';
import { readWorkbookSummary, type WorkbookSummary } from './workbook-summary.js';

const EXAMPLES = [
  {
    label: 'Monthly budget',
    prompt:
      'Build a monthly budget for Jan–Mar with income, rent, food, transport and savings, with totals.',
  },
  {
    label: 'Loan schedule',
    prompt: 'Create a 12-month loan amortisation schedule for 10,000 at 5% a year.',
  },
  {
    label: 'Sales tracker',
    prompt: 'Make a sales tracker with date, product, units and price columns and a total per row.',
  },
  {
    label: 'Break-even',
    prompt:
      'Build a break-even analysis from fixed costs, price per unit and variable cost per unit.',
  },
];

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * The landing page's client: in SaaS mode it reads the workbook as the signed-in user (a 401 is
 * only told in the card: opening the workbook goes to sign in).
 */
function landingClient(): ApiClient {
  const client = new ApiClient();
  const signIn = readSignIn();
  if (signIn !== undefined)
    client.useAuth({
      headers: () => ({ authorization: `Bearer ${signIn.token}` }),
      rejected: () => undefined,
    });
  return client;
}

/** What the card knows of the workbook: read, not yet, not signed in (SaaS), or a problem. */
type CardState =
  | { readonly kind: 'reading' }
  | { readonly kind: 'read'; readonly summary: WorkbookSummary }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'problem'; readonly message: string };

function stateOfFailure(error: unknown): CardState {
  return error instanceof ApiError && error.status === 401
    ? { kind: 'signed-out' }
    : { kind: 'problem', message: `Could not read the workbook: ${errorMessage(error)}` };
}

/** Reads the workbook once for the page: the card shows it, the header names the way in. */
function useWorkbookCard(): CardState {
  const [state, setState] = useState<CardState>({ kind: 'reading' });
  useEffect(() => {
    let current = true;
    readWorkbookSummary(landingClient()).then(
      (summary) => current && setState({ kind: 'read', summary }),
      (error: unknown) => current && setState(stateOfFailure(error)),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}

function ContinueCard({ state }: { readonly state: CardState }) {
  const summary = state.kind === 'read' ? state.summary : undefined;
  return (
    <section className="landing-section" aria-labelledby="continue-heading">
      <h2 id="continue-heading">Continue</h2>
      <a
        className="continue-card"
        href={WORKBOOK_PATH}
        data-testid="continue-card"
        aria-busy={state.kind === 'reading'}
      >
        <strong data-testid="continue-name">{summary?.name ?? 'Your workbook'}</strong>
        {summary !== undefined && (
          <span className="continue-counts">
            <span data-testid="continue-sheets">
              {plural(summary.sheetCount, 'sheet', 'sheets')}
            </span>{' '}
            ·{' '}
            <span data-testid="continue-cells">
              {plural(summary.filledCells, 'filled cell', 'filled cells')}
            </span>
          </span>
        )}
        {state.kind === 'reading' && <span className="continue-counts">Reading the workbook…</span>}
        {state.kind === 'signed-out' && (
          // A visitor who has not signed in yet: an invitation, not an error.
          <span className="continue-counts" data-testid="continue-sign-in">
            Sign in or create an account to open your workbooks.
          </span>
        )}
        {state.kind === 'problem' && (
          <span role="alert" className="landing-error" data-testid="continue-error">
            {state.message}
          </span>
        )}
      </a>
    </section>
  );
}

export function Landing() {
  const [prompt, setPrompt] = useState('');
  const [preparing, setPreparing] = useState(false);
  const ready = prompt.trim() !== '';
  const card = useWorkbookCard();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready || preparing) return;
    storeHeroPrompt(prompt.trim());
    setPreparing(true);
    window.location.assign(WORKBOOK_PATH);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };

  return (
    <div className="landing">
      <header className="landing-header">
        <span className="landing-brand">Gridbook</span>
        <a href={WORKBOOK_PATH} className="landing-open" data-testid="landing-open">
          {card.kind === 'signed-out' ? 'Sign in' : 'Open the workbook'}
        </a>
      </header>
      <main className="landing-main">
        <h1 className="landing-title">Describe the spreadsheet you need</h1>
        <p className="landing-lead">
          The assistant builds it in a new sheet of your workbook. You see every cell before it is
          written; nothing you already have is touched.
        </p>
        <form className="hero" onSubmit={submit}>
          <textarea
            autoFocus
            data-testid="landing-prompt"
            aria-label="What should the workbook do?"
            placeholder="A monthly budget with income, rent and savings… (Enter builds it, Shift+Enter adds a line)"
            rows={3}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className="landing-build"
            data-testid="landing-build"
            disabled={!ready || preparing}
          >
            Build it
          </button>
        </form>
        <div className="landing-examples" aria-label="Examples">
          {EXAMPLES.map((example) => (
            <button
              type="button"
              key={example.label}
              className="landing-chip"
              data-testid="landing-example"
              onClick={() => setPrompt(example.prompt)}
            >
              {example.label}
            </button>
          ))}
        </div>
        <ContinueCard state={card} />
      </main>
      {preparing && (
        <div className="landing-preparing" role="status" data-testid="landing-preparing">
          Preparing workbook…
        </div>
      )}
    </div>
  );
}
