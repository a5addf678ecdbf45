import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLUGIN_SLUG, readManifest, uploadedManifest } from './manifest.js';

async function folderWith(manifest: string | undefined): Promise<string> {
  const folder = path.join(await mkdtemp(path.join(tmpdir(), 'gridbook-manifest-')), 'demo');
  await mkdir(folder);
  if (manifest !== undefined) await writeFile(path.join(folder, 'manifest.json'), manifest);
  return folder;
}

describe('plugin manifests', () => {
  it('the slug rule accepts lowercase names of 2 to 40 characters starting with a letter', () => {
    expect(['ab', 'loan_math', `a${'b'.repeat(39)}`].every((slug) => PLUGIN_SLUG.test(slug))).toBe(
      true,
    );
    for (const slug of ['a', 'Ab', '1ab', 'a-b', '__proto__', `a${'b'.repeat(40)}`, 'a/b'])
      expect(PLUGIN_SLUG.test(slug)).toBe(false);
  });

  it('a folder without manifest.json gets every default, the name being the slug', async () => {
    const read = await readManifest(await folderWith(undefined), 'demo');
    expect(read).toEqual({
      ok: true,
      manifest: {
        name: 'demo',
        description: '',
        category: 'custom',
        author: '',
        version: '0.0.1',
        secrets: [],
      },
    });
  });

  it('given fields win, wrong types fall back to defaults, and secret slots are kept with their labels', async () => {
    const folder = await folderWith(
      JSON.stringify({
        name: 'Demo',
        category: 'finance',
        version: 2,
        secrets: [{ key: 'TOKEN', help: 'from your account page' }, { label: 'no key' }],
      }),
    );
    const read = await readManifest(folder, 'demo');
    expect(read.ok && read.manifest).toMatchObject({
      name: 'Demo',
      category: 'finance',
      version: '0.0.1',
      secrets: [{ key: 'TOKEN', label: 'TOKEN', placeholder: '', help: 'from your account page' }],
    });
  });

  it('a manifest that is not a JSON object is reported as a manifest problem, never thrown', async () => {
    expect(await readManifest(await folderWith('{nope'), 'demo')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^manifest: /),
    });
    expect(await readManifest(await folderWith('[1]'), 'demo')).toEqual({
      ok: false,
      error: 'manifest: manifest.json must hold a JSON object',
    });
  });

  it('an upload fills in the portal defaults: category custom, author local, version 0.1.0', () => {
    expect(uploadedManifest('demo', { description: 'mine' })).toEqual({
      name: 'demo',
      description: 'mine',
      category: 'custom',
      author: 'local',
      version: '0.1.0',
      secrets: [],
    });
  });
});
