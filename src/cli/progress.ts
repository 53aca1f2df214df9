/** Progress of long work (ingest, import, export), shown on a terminal and nowhere else. */
export interface Progress {
  /** Starts a bar of `total` steps labelled `label` (a second call starts a new bar). */
  start(label: string, total: number): void;
  /** Advances the bar by `n` steps. @default 1 */
  tick(n?: number): void;
  /** Removes the bar (call it on success and on failure). */
  stop(): void;
}

/** The stream a bar is drawn on: only its `isTTY`, `columns` and `write` are used. */
export interface ProgressStream {
  /** Whether it is a terminal; a bar is drawn only then. */
  isTTY?: boolean;
  /** Its width in characters. */
  columns?: number;
  /** Writes text. */
  write(text: string): unknown;
}

/** A progress that draws nothing. */
export const noProgress: Progress = { start() {}, tick() {}, stop() {} };

/** The least time between two redraws, in milliseconds. */
const redrawEvery = 80;

/**
 * A one-line bar on `stream` (default stderr) when it is a terminal and `enabled`; otherwise {@link noProgress},
 * so pipes, files, tests and `--json` stay clean. Small on purpose: a bar library can replace it behind this interface.
 */
export function createProgress(
  options: { enabled?: boolean; stream?: ProgressStream; now?: () => number } = {},
): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.enabled === false || stream.isTTY !== true) return noProgress;
  const now = options.now ?? Date.now;
  let label = '';
  let total = 0;
  let done = 0;
  let drawnAt = Number.NEGATIVE_INFINITY;
  let shown = false;
  const draw = () => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const tail = ` ${Math.floor(share * 100)}% ${done}/${total}`;
    const width = Math.max(10, Math.min(40, (stream.columns || 80) - label.length - tail.length - 4));
    const filled = Math.round(share * width);
    stream.write(`\r${label} [${'='.repeat(filled)}${' '.repeat(width - filled)}]${tail}\x1b[K`);
    drawnAt = now();
    shown = true;
  };
  return {
    start(l, t) {
      label = l;
      total = t;
      done = 0;
      draw();
    },
    tick(n = 1) {
      done += n;
      if (done >= total || now() - drawnAt >= redrawEvery) draw();
    },
    stop() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
