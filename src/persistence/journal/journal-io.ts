// File steps the journal needs beyond atomic replacement.
import type { FileSystem } from '../../files/index.js';
export { syncDirectory } from '../../files/index.js';

/** Cuts a log segment back to its last whole record (a missing file stays missing). */
export async function truncateFile(files: FileSystem, file: string, length: number): Promise<void> {
  let handle;
  try {
    handle = await files.open(file, 'r+');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size > length) {
      await handle.truncate(length);
      await handle.sync();
    }
  } finally {
    await handle.close();
  }
}
