// Create or edit a chart: title, data range, type, orientation, anchor and size. The server
// validates; its message is shown inline and the dialog stays open (docs/ui-rules.md CHART-05).
import { useState, type FormEvent } from 'react';
import { Dialog } from '../ui/Dialog.js';
import type { ChartOrientation, ChartType } from '../api/types.js';
import type { ChartEditRequest, ChartsController } from './charts-controller.js';
import { MIN_CHART_HEIGHT, MIN_CHART_WIDTH } from './charts-controller.js';

export function ChartDialog({
  controller,
  request,
}: {
  controller: ChartsController;
  request: ChartEditRequest;
}) {
  const [fields, setFields] = useState(request.fields);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof fields>(key: K, value: (typeof fields)[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (fields.data_range.trim() === '') {
      setError('Data range is required, for example A1:B4 (labels in the first column).');
      return;
    }
    setBusy(true);
    const problem = await controller.submit(request, {
      ...fields,
      data_range: fields.data_range.trim(),
      anchor_cell: fields.anchor_cell.trim(),
    });
    setBusy(false);
    setError(problem);
  };

  return (
    <Dialog
      title={request.mode === 'create' ? 'Insert chart' : 'Edit chart'}
      onClose={() => controller.editing.set(null)}
      testId="chart-dialog"
    >
      <form className="form-grid" onSubmit={(event) => void submit(event)}>
        <label>
          Title
          <input
            data-testid="chart-title"
            value={fields.title}
            onChange={(event) => set('title', event.target.value)}
          />
        </label>
        <label>
          Data range
          <input
            data-testid="chart-range"
            data-autofocus={
              request.mode === 'create' && fields.data_range === '' ? true : undefined
            }
            value={fields.data_range}
            placeholder="A1:B4"
            onChange={(event) => set('data_range', event.target.value)}
          />
        </label>
        <label>
          Type
          <select
            data-testid="chart-type"
            value={fields.chart_type}
            onChange={(event) => set('chart_type', event.target.value as ChartType)}
          >
            <option value="bar">Bar</option>
            <option value="line">Line</option>
            <option value="pie">Pie</option>
          </select>
        </label>
        <label>
          Orientation
          <select
            data-testid="chart-orientation"
            value={fields.orientation}
            onChange={(event) => set('orientation', event.target.value as ChartOrientation)}
          >
            <option value="columns">Labels in first column</option>
            <option value="rows">Labels in first row</option>
          </select>
        </label>
        <label>
          Anchor cell
          <input
            data-testid="chart-anchor"
            value={fields.anchor_cell}
            onChange={(event) => set('anchor_cell', event.target.value)}
          />
        </label>
        <div className="form-pair">
          <label>
            Width
            <input
              data-testid="chart-width"
              type="number"
              min={MIN_CHART_WIDTH}
              max={1600}
              value={fields.width}
              onChange={(event) => set('width', Number(event.target.value))}
            />
          </label>
          <label>
            Height
            <input
              data-testid="chart-height"
              type="number"
              min={MIN_CHART_HEIGHT}
              max={1200}
              value={fields.height}
              onChange={(event) => set('height', Number(event.target.value))}
            />
          </label>
        </div>
        {error !== undefined && (
          <p role="alert" className="inline-error" data-testid="chart-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => controller.editing.set(null)}>
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="chart-save" disabled={busy}>
            {request.mode === 'create' ? 'Create chart' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
