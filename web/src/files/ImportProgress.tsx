// The progress of an import (upload percentage, then the server's work).
import { useObservable } from '../app/observable.js';
import type { FilesController } from './files-controller.js';

export function ImportProgress({ files }: { files: FilesController }) {
  const progress = useObservable(files.progress);
  if (progress === null) return null;
  return (
    <div className="import-progress" role="status" data-testid="import-progress">
      <span>{progress.label}</span>
      <progress max={1} value={progress.fraction ?? undefined} aria-label={progress.label} />
      {progress.fraction !== null && <span>{Math.round(progress.fraction * 100)}%</span>}
    </div>
  );
}
