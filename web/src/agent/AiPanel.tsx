// The assistant panel: model picker, scope and chain switches, the conversation (preview
// cards, chain runs, notes, errors with Retry) and the composer whose send button turns into
// a stop button while a request runs.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useObservable } from '../app/observable.js';
import type { SettingsController } from '../settings/settings-controller.js';
import type { AgentController } from './agent-controller.js';
import type { ThreadEntry } from './thread.js';
import { PreviewCard } from './PreviewCard.js';
import { ChainCard } from './ChainCard.js';
import { BlockedList } from './BlockedList.js';

const QUICK_PROMPTS = [
  {
    label: 'Monthly budget',
    prompt:
      'Build a monthly budget with income, rent, food, transport and savings for Jan–Mar, with totals.',
    chain: false,
  },
  {
    label: 'Sales summary',
    prompt: 'Summarise the data on this sheet: totals and averages per column.',
    chain: false,
  },
  {
    label: 'Loan schedule',
    prompt: 'Create a 12-month loan amortisation schedule for 10,000 at 5% a year.',
    chain: true,
  },
  {
    label: 'Explain selection',
    prompt: 'Explain what the selected cells calculate.',
    chain: false,
  },
];

function Entry({
  entry,
  controller,
  scopeLabel,
}: {
  entry: ThreadEntry;
  controller: AgentController;
  scopeLabel: string;
}) {
  switch (entry.kind) {
    case 'user':
      return (
        <div className="message user-message" data-testid="user-message">
          {entry.chain && <span className="badge">Chain</span>} {entry.text}
        </div>
      );
    case 'preview':
      return <PreviewCard entry={entry} controller={controller} scope={scopeLabel} />;
    case 'chain':
      return <ChainCard entry={entry} onGoTo={(reference) => controller.goTo(reference)} />;
    case 'note':
      return (
        <p className={`message note note-${entry.tone}`} data-testid="thread-note">
          {entry.text}
        </p>
      );
    case 'error':
      return (
        <div role="alert" className="card card-error" data-testid="thread-error">
          <p>{entry.message}</p>
          {entry.blocked.length > 0 && (
            <BlockedList
              blocked={entry.blocked}
              onGoTo={(reference) => controller.goTo(reference)}
            />
          )}
          {entry.retry !== undefined && (
            <button
              type="button"
              data-testid="retry"
              onClick={() => void controller.send(entry.retry!.prompt, entry.retry!.chain)}
            >
              Retry
            </button>
          )}
        </div>
      );
  }
}

function ModelPicker({
  controller,
  settings,
}: {
  controller: AgentController;
  settings: SettingsController;
}) {
  const models = useObservable(settings.models);
  useObservable(controller.model);
  const available = models?.models.filter((model) => model.available) ?? [];
  if (models !== null && available.length === 0) {
    return (
      <button
        type="button"
        className="no-key"
        data-testid="no-key-notice"
        onClick={() => settings.show()}
      >
        Add an API key to use the assistant
      </button>
    );
  }
  const value = controller.effectiveModel() ?? '';
  return (
    <select
      data-testid="model-select"
      aria-label="Model"
      value={value}
      onChange={(event) => controller.chooseModel(event.target.value)}
    >
      {available.map((model) => (
        <option key={model.id} value={model.id}>
          {model.display_name}
        </option>
      ))}
    </select>
  );
}

export function AiPanel({
  controller,
  settings,
  onClose,
}: {
  controller: AgentController;
  settings: SettingsController;
  onClose: () => void;
}) {
  const thread = useObservable(controller.thread);
  const busy = useObservable(controller.busy);
  const scope = useObservable(controller.scope);
  const chain = useObservable(controller.chainMode);
  const inNewSheet = useObservable(controller.inNewSheet);
  const maxSteps = useObservable(controller.maxSteps);
  const models = useObservable(settings.models);
  const selection = useObservable(controller.session.selection);
  const [draft, setDraft] = useState('');
  const threadEnd = useRef<HTMLDivElement>(null);
  const noKey = models !== null && models.default_model_id === null;

  useEffect(() => {
    void controller.sendHeroPrompt().then((unsent) => {
      if (unsent !== undefined) setDraft(unsent);
    });
  }, [controller]);

  useEffect(() => {
    // Braces: newer browsers return a promise from scrollIntoView, which must not become the cleanup.
    threadEnd.current?.scrollIntoView({ block: 'end' });
  }, [thread.length, busy]);

  const send = () => {
    if (busy !== null) {
      controller.stop();
      return;
    }
    if (draft.trim() === '' || noKey) return;
    const prompt = draft;
    setDraft('');
    void controller.send(prompt);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };
  const scopeLabel = scope === 'selection' ? 'Selection' : 'Whole sheet';
  const selectionLabel = `${selection.rect.width * selection.rect.height} ${selection.rect.width * selection.rect.height === 1 ? 'cell' : 'cells'}`;

  return (
    <aside className="ai-panel" aria-label="AI assistant" data-testid="ai-panel">
      <div className="panel-header">
        <h2>Assistant</h2>
        <span className="hint">
          {scope === 'selection'
            ? `Focused on the selection (${selectionLabel})`
            : 'Focused on the active sheet'}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label="Clear conversation"
          title="Clear conversation"
          data-testid="chat-clear"
          onClick={() => controller.clear()}
        >
          ⌫
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Close assistant"
          data-testid="ai-close"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <div className="thread" data-testid="chat-thread" aria-live="polite">
        {thread.length === 0 && (
          <div className="empty-thread">
            <p>Ask for a table, a model or a chart. Nothing is written until you press Apply.</p>
            <div className="chips">
              {QUICK_PROMPTS.map((quick) => (
                <button
                  type="button"
                  key={quick.label}
                  className="chip"
                  data-testid="quick-prompt"
                  onClick={() => {
                    setDraft(quick.prompt);
                    controller.chainMode.set(quick.chain);
                  }}
                >
                  {quick.label}
                </button>
              ))}
            </div>
          </div>
        )}
        {thread.map((entry) => (
          <Entry key={entry.id} entry={entry} controller={controller} scopeLabel={scopeLabel} />
        ))}
        {busy !== null && (
          <div className="thinking" role="status" data-testid="chat-busy">
            <span className="dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {busy.kind === 'chain'
              ? 'Running the chain — cells appear as they are written…'
              : 'Thinking…'}
          </div>
        )}
        <div ref={threadEnd} />
      </div>
      <div className="composer">
        <div className="composer-options">
          <div role="radiogroup" aria-label="Scope" className="segmented">
            <button
              type="button"
              role="radio"
              aria-checked={scope === 'selection'}
              data-testid="scope-selection"
              onClick={() => controller.scope.set('selection')}
            >
              Selection
            </button>
            <button
              type="button"
              role="radio"
              aria-checked={scope === 'sheet'}
              data-testid="scope-sheet"
              onClick={() => controller.scope.set('sheet')}
            >
              Whole sheet
            </button>
          </div>
          <label
            className="chain-toggle"
            title="Create a new sheet and build the answer there; other sheets are not touched"
          >
            <input
              type="checkbox"
              data-testid="new-sheet-toggle"
              checked={inNewSheet}
              onChange={(event) => controller.inNewSheet.set(event.target.checked)}
            />{' '}
            New sheet
          </label>
          <label className="chain-toggle">
            <input
              type="checkbox"
              data-testid="chain-toggle"
              checked={chain}
              onChange={(event) => controller.chainMode.set(event.target.checked)}
            />{' '}
            Chain
          </label>
          {chain && (
            <label className="chain-max">
              max
              <input
                type="number"
                min={1}
                max={10}
                data-testid="chain-max"
                value={maxSteps}
                onChange={(event) =>
                  controller.maxSteps.set(
                    Math.max(1, Math.min(10, Number(event.target.value) || 1)),
                  )
                }
              />
            </label>
          )}
          <ModelPicker controller={controller} settings={settings} />
        </div>
        <div className="composer-input">
          <textarea
            data-testid="chat-input"
            aria-label="Ask the assistant"
            placeholder={
              noKey
                ? 'Add an API key in Settings to ask the assistant'
                : 'Ask for a table, formula or chart… (Enter sends, Shift+Enter new line)'
            }
            rows={3}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className={busy !== null ? 'send stop' : 'send primary'}
            data-testid="chat-send"
            aria-label={busy !== null ? 'Stop' : 'Send'}
            disabled={busy === null && (draft.trim() === '' || noKey)}
            onClick={send}
          >
            {busy !== null ? '■' : '➤'}
          </button>
        </div>
      </div>
    </aside>
  );
}
