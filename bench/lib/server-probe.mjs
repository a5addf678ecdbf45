// Preloaded (--import) into the benchmarked server process. It adds no route: it only answers
// the runner's IPC questions about this process's memory, forcing a GC first when asked
// (the server runs with --expose-gc), so W6 can read RSS before, at peak and after GC.
// Plain JavaScript: the server runs compiled, as `npm start` runs it, without tsx to load
// TypeScript (the answer's shape is ServerMemory in server.ts).

/** @param {unknown} message @returns {message is { type: 'memory', id: number, gc: boolean }} */
function isMemoryQuestion(message) {
  return (
    typeof message === 'object' &&
    message !== null &&
    /** @type {{ type?: unknown }} */ (message).type === 'memory'
  );
}

if (process.send !== undefined) {
  process.on('message', (message) => {
    if (!isMemoryQuestion(message)) return;
    const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
    // Twice, as the raw and in-process measuring processes do (w6-memory-child.ts): V8 gives
    // the pages a full GC frees back to the system only after it has finished sweeping them,
    // which the second GC waits for. After one, RSS still reads about the peak (W6: server
    // 502 MiB after one, 450 after two, with 362 → 159 MiB of heap in use either way).
    if (message.gc && gc !== undefined) {
      gc();
      gc();
    }
    const usage = process.memoryUsage();
    process.send?.({
      type: 'memory',
      id: message.id,
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      // maxRSS is in kibibytes: the high-water mark of this process's resident set.
      peakRss: process.resourceUsage().maxRSS * 1024,
    });
  });
  // The IPC channel must not keep the server alive after SIGTERM closes it.
  process.channel?.unref();
}
