// Upload a plugin: a slug checked here before anything is sent, an optional name and
// description, and the plugin.py source. The server's reason for refusing the code (a
// SyntaxError, a failing register) is shown exactly as it came (docs/ui-rules.md DEV-01).
import { useId, useState, type FormEvent } from 'react';
import type { PluginManifestInput } from '../api/plugins-api.js';
import type { PluginsController } from './plugins-controller.js';
import { EXAMPLE_PLUGIN, slugProblem } from './upload-rules.js';

type Notice =
  | { readonly kind: 'done'; readonly text: string }
  | { readonly kind: 'error'; readonly text: string };

function manifestOf(name: string, description: string): PluginManifestInput | undefined {
  const manifest = {
    ...(name.trim() === '' ? {} : { name: name.trim() }),
    ...(description.trim() === '' ? {} : { description: description.trim() }),
  };
  return Object.keys(manifest).length === 0 ? undefined : manifest;
}

export function UploadForm({ controller }: { controller: PluginsController }) {
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [source, setSource] = useState(EXAMPLE_PLUGIN);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const slugErrorId = useId();
  const problem = slugProblem(slug);
  const ready = slug !== '' && problem === undefined && source.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setNotice(undefined);
    const manifest = manifestOf(name, description);
    const outcome = await controller.upload({
      slug,
      ...(manifest === undefined ? {} : { manifest }),
      plugin_py: source,
    });
    setBusy(false);
    if (outcome.kind === 'uploaded') {
      const formulas = outcome.record.formulas.map((formula) => `=${formula}()`).join(', ');
      setNotice({
        kind: 'done',
        text: `Uploaded ${outcome.record.slug}${formulas === '' ? '.' : `: ${formulas}`}`,
      });
      // Ready for the next plugin; the source stays, as it is usually the thing being edited.
      setSlug('');
      setName('');
      setDescription('');
    } else {
      setNotice({ kind: 'error', text: outcome.message });
    }
  };

  const edited = () => {
    if (notice?.kind === 'done') setNotice(undefined);
  };

  return (
    <form
      className="form-grid"
      aria-label="Upload a plugin"
      onSubmit={(event) => void submit(event)}
    >
      <label>
        Slug
        <input
          data-testid="plugin-slug"
          autoComplete="off"
          spellCheck={false}
          placeholder="my_plugin"
          value={slug}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : slugErrorId}
          onChange={(event) => {
            setSlug(event.target.value);
            edited();
          }}
        />
      </label>
      {problem !== undefined && (
        <p id={slugErrorId} role="alert" className="inline-error" data-testid="plugin-slug-error">
          {problem}
        </p>
      )}
      <div className="form-pair">
        <label>
          Name (optional)
          <input
            data-testid="plugin-name"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label>
          Description (optional)
          <input
            data-testid="plugin-description"
            autoComplete="off"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
      </div>
      <label>
        plugin.py
        <textarea
          className="plugin-source"
          data-testid="plugin-source"
          rows={9}
          spellCheck={false}
          autoCapitalize="off"
          value={source}
          onChange={(event) => {
            setSource(event.target.value);
            edited();
          }}
        />
      </label>
      <div className="plugin-actions">
        <button
          type="submit"
          className="primary"
          data-testid="plugin-upload"
          disabled={!ready || busy}
        >
          {busy ? 'Uploading…' : 'Upload'}
        </button>
        {/* Always present, so screen readers hear the confirmation when its text arrives. */}
        <span role="status" className="plugin-done" data-testid="plugin-upload-done">
          {notice?.kind === 'done' ? notice.text : ''}
        </span>
      </div>
      {notice?.kind === 'error' && (
        <pre
          role="alert"
          className="inline-error plugin-error-text"
          data-testid="plugin-upload-error"
        >
          {notice.text}
        </pre>
      )}
    </form>
  );
}
