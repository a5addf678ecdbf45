// Splits a text stream into lines: a pipe delivers chunks that end anywhere, often mid-line.

export interface LineSplitterOptions {
  /** Called once per complete line, without its newline (and without a trailing \r). */
  readonly onLine: (line: string) => void;
  /** A line longer than this many characters is cut here: a peer that never ends a line must
   * not make us buffer without bound. */
  readonly maxLineLength: number;
  /** Called instead of onLine for the cut part of an over-long line. */
  readonly onOverflow: (start: string) => void;
}

export class LineSplitter {
  // Chunks of the line being received, joined only when its newline arrives: concatenating on
  // every chunk would copy a large reply over and over.
  private pending: string[] = [];
  private pendingLength = 0;
  // After an over-long line was cut, the rest of it up to its newline is dropped.
  private discarding = false;

  constructor(private readonly options: LineSplitterOptions) {}

  push(chunk: string): void {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      this.append(chunk.slice(start, newline));
      this.emit();
      start = newline + 1;
    }
    if (start < chunk.length) this.append(chunk.slice(start));
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    if (this.pendingLength > 0) this.emit();
    this.discarding = false;
  }

  private append(part: string): void {
    if (part === '' || this.discarding) return;
    this.pending.push(part);
    this.pendingLength += part.length;
    if (this.pendingLength > this.options.maxLineLength) {
      this.options.onOverflow(this.take().slice(0, this.options.maxLineLength));
      this.discarding = true;
    }
  }

  private emit(): void {
    const line = this.take();
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    this.options.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  private take(): string {
    const joined = this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    return joined;
  }
}
