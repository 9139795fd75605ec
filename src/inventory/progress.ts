/**
 * The pull's progress on a terminal: one status line on stderr, rewritten in place as Maven
 * starts each artifact and as extraction and writing begin, with the elapsed seconds; cleared
 * before the summary is printed. Without a terminal (or with CI set) the caller prints plain
 * lines instead, so logs stay readable.
 */
import type { PullProgress } from './release.js';

export interface StatusLine {
  /** Replaces the status line ('' clears it). */
  (text: string): void;
}

export interface ProgressDisplay {
  update(p: PullProgress): void;
  /** Clears the line and stops the clock. */
  stop(): void;
}

function describeProgress(p: PullProgress, version: string): string {
  switch (p.step) {
    case 'resolve':
      return `resolving ${version} with mvn: ${p.done}/${p.total}${p.artifactId ? ` ${p.artifactId}` : ''}`;
    case 'extract':
      return `extracting the API from ${p.jars} sources jar(s)`;
    case 'write':
      return `writing ${p.dir}`;
  }
}

export function progressDisplay(status: StatusLine, version: string, terminalColumns?: number): ProgressDisplay {
  const t0 = Date.now();
  // A pseudo-terminal may report no width; then assume the usual 80.
  const columns = terminalColumns && terminalColumns >= 20 ? terminalColumns : 80;
  let text = `resolving ${version} with mvn`;
  const draw = () => {
    const line = `${text} (${((Date.now() - t0) / 1000).toFixed(0)} s)`;
    status(line.length >= columns ? `${line.slice(0, columns - 2)}…` : line);
  };
  draw();
  // The clock keeps moving while Maven starts its JVM or downloads without printing.
  const timer = setInterval(draw, 500);
  timer.unref();
  return {
    update(p) {
      text = describeProgress(p, version);
      draw();
    },
    stop() {
      clearInterval(timer);
      status('');
    },
  };
}
