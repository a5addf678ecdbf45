// OSS mode: one workbook in memory for everyone, no authentication.
import { Workbook, type WorkbookOptions } from '../core/index.js';
import type { WorkbookHost } from './workbook-host.js';

export class OssHost implements WorkbookHost {
  #workbook: Workbook;

  constructor(private readonly options: WorkbookOptions = {}) {
    this.#workbook = Workbook.create(options);
  }

  async workbookFor(): Promise<Workbook> {
    return this.#workbook;
  }

  async replaceWorkbook(_caller: unknown, next: Workbook): Promise<void> {
    // The old workbook is left to the garbage collector rather than disposed: a request that
    // already holds it may still be reading it.
    this.#workbook = next;
  }

  /** Options new workbooks of this host are built with (undo depth, extra functions). */
  get workbookOptions(): WorkbookOptions {
    return this.options;
  }
}
