// Group commit as W4 relies on it: appends of one turn share one fdatasync, a group may start its
// fdatasync while the previous one runs (two at most), and nothing is acknowledged before its
// own fdatasync and every earlier one have ended. The fdatasyncs here are held and released by
// the test; the writes go to a real file.
import { fstatSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFileSystem, type FileSystem } from '../../files/index.js';
import { SegmentWriter } from './segment-writer.js';

interface HeldSync {
  /** Bytes in the file when this fdatasync was asked for (what it makes durable). */
  readonly bytesCovered: number;
  release(): void;
  fail(error: Error): void;
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A writer on a real file whose fdatasyncs wait for the test to release them. */
async function heldWriter(): Promise<{ writer: SegmentWriter; syncs: HeldSync[]; file: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-segment-'));
  dirs.push(dir);
  const file = path.join(dir, 'log');
  const syncs: HeldSync[] = [];
  const files: FileSystem = {
    ...nodeFileSystem,
    fdatasync: (fd, done) => {
      const { size } = fstatSync(fd);
      syncs.push({
        bytesCovered: size,
        release: () => nodeFileSystem.fdatasync(fd, done),
        fail: (error) => done(error),
      });
    },
  };
  return { writer: new SegmentWriter(files, file, async () => undefined), syncs, file };
}

/** Lets the writer's pending steps (a write, the bookkeeping of a released fdatasync) run. */
async function turns(count = 5): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Waits (bounded) until `syncs` holds `count` fdatasyncs: the file's opening takes real I/O. */
async function syncsAsked(syncs: readonly HeldSync[], count: number): Promise<void> {
  for (let wait = 0; wait < 500 && syncs.length < count; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(syncs).toHaveLength(count);
}

function frame(text: string): Buffer {
  return Buffer.from(`${text}\n`);
}

/** Appends `name`; `outcomes` gets "<name> ok" or "<name> failed" once its promise settles. */
function appendRecording(writer: SegmentWriter, name: string, outcomes: string[]): Promise<void> {
  return writer.append(frame(name)).then(
    () => void outcomes.push(`${name} ok`),
    () => void outcomes.push(`${name} failed`),
  );
}

/** Appends `names` in one synchronous run; `acknowledged` gets each name once its promise resolves. */
function appendAll(
  writer: SegmentWriter,
  names: readonly string[],
  acknowledged: string[],
): Promise<void>[] {
  return names.map((name) => writer.append(frame(name)).then(() => void acknowledged.push(name)));
}

describe('the log segment writer (group commit)', () => {
  it('appends made in one turn are written at once and share one fdatasync; none is acknowledged before it ends', async () => {
    const { writer, syncs, file } = await heldWriter();
    const acknowledged: string[] = [];
    const names = Array.from({ length: 50 }, (_, index) => `r${index}`);
    const done = appendAll(writer, names, acknowledged);
    await syncsAsked(syncs, 1);
    await turns();
    expect(syncs).toHaveLength(1);
    expect(syncs[0]!.bytesCovered).toBe(names.reduce((total, name) => total + name.length + 1, 0));
    expect(acknowledged).toEqual([]);
    syncs[0]!.release();
    await Promise.all(done);
    expect(acknowledged).toEqual(names);
    expect(writer.syncs).toBe(1);
    expect(await readFile(file, 'utf8')).toBe(names.map((name) => `${name}\n`).join(''));
    await writer.close();
  });

  it('a group written while the previous fdatasync runs starts its own at once, yet is acknowledged only after the earlier one', async () => {
    const { writer, syncs } = await heldWriter();
    const acknowledged: string[] = [];
    const first = appendAll(writer, ['a1', 'a2'], acknowledged);
    await syncsAsked(syncs, 1);
    const second = appendAll(writer, ['b1', 'b2'], acknowledged);
    await turns();
    expect(syncs).toHaveLength(2);
    syncs[1]!.release();
    await turns();
    expect(acknowledged).toEqual([]);
    syncs[0]!.release();
    await Promise.all([...first, ...second]);
    expect(acknowledged).toEqual(['a1', 'a2', 'b1', 'b2']);
    await writer.close();
  });

  it('with two fdatasyncs running, later appends wait unwritten and then all share the next one', async () => {
    const { writer, syncs, file } = await heldWriter();
    const acknowledged: string[] = [];
    const running = appendAll(writer, ['a'], acknowledged);
    await syncsAsked(syncs, 1);
    running.push(...appendAll(writer, ['b'], acknowledged));
    await turns();
    const waiting = appendAll(writer, ['c1', 'c2'], acknowledged);
    await turns();
    waiting.push(...appendAll(writer, ['d'], acknowledged));
    await turns();
    expect(syncs).toHaveLength(2);
    // Held back, not written: a record must never reach the file after an earlier one failed.
    expect(await readFile(file, 'utf8')).toBe('a\nb\n');
    syncs[0]!.release();
    await syncsAsked(syncs, 3);
    expect(syncs[2]!.bytesCovered).toBe('a\nb\nc1\nc2\nd\n'.length);
    syncs[2]!.release();
    await turns();
    expect(acknowledged).toEqual(['a']);
    syncs[1]!.release();
    await Promise.all([...running, ...waiting]);
    expect(acknowledged).toEqual(['a', 'b', 'c1', 'c2', 'd']);
    expect(writer.syncs).toBe(3);
    await writer.close();
  });

  it('a failed fdatasync fails its group and every later one, and the segment refuses more', async () => {
    const { writer, syncs } = await heldWriter();
    const outcomes: string[] = [];
    const settle = (name: string): Promise<void> => appendRecording(writer, name, outcomes);
    const first = settle('a');
    await syncsAsked(syncs, 1);
    const second = settle('b');
    await syncsAsked(syncs, 2);
    syncs[1]!.release();
    syncs[0]!.fail(new Error('EIO'));
    await Promise.all([first, second]);
    expect(outcomes).toEqual(['a failed', 'b failed']);
    await expect(writer.append(frame('c'))).rejects.toThrow('EIO');
  });

  it('the frames of refused groups are cut off the file, so a failed change is not replayed at the next start', async () => {
    const { writer, syncs, file } = await heldWriter();
    const outcomes: string[] = [];
    const settle = (name: string): Promise<void> => appendRecording(writer, name, outcomes);
    const first = settle('a');
    await syncsAsked(syncs, 1);
    syncs[0]!.release();
    await first;
    const second = settle('b');
    await syncsAsked(syncs, 2);
    const third = settle('c');
    await syncsAsked(syncs, 3);
    // c's fdatasync ends first; b's then fails: both are refused, and neither stays in the file.
    syncs[2]!.release();
    syncs[1]!.fail(new Error('EIO'));
    await Promise.all([second, third]);
    expect(outcomes).toEqual(['a ok', 'b failed', 'c failed']);
    expect(await readFile(file, 'utf8')).toBe('a\n');
    await writer.close();
  });
});
