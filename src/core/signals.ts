/**
 * Signals that end the process, held while files are written: with a listener installed, Node
 * delivers SIGINT, SIGTERM, SIGHUP and SIGQUIT on the event loop, so a synchronous write always
 * finishes; release() then says which signal arrived (the caller reports "interrupted" and exits
 * with 128 + its number).
 */
const HELD = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;
type Held = (typeof HELD)[number];
const NUMBER: Record<Held, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGTERM: 15 };

export interface SignalHold {
  /** The first signal received so far. */
  readonly received: Held | undefined;
  /** Lets pending signals be delivered, stops holding, and returns the first one received. */
  release(): Promise<Held | undefined>;
}

export function holdSignals(): SignalHold {
  let received: Held | undefined;
  const handlers = HELD.map((sig) => {
    const h = () => {
      received ??= sig;
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  return {
    get received() {
      return received;
    },
    async release() {
      // a signal that came during a synchronous write (or a child run with spawnSync) is delivered
      // by the loop's next turns; on a loaded machine a turn may come before it: a short timer too
      for (let i = 0; i < 2; i++) await new Promise<void>((r) => setImmediate(r));
      if (!received) await new Promise<void>((r) => setTimeout(r, 15));
      for (const [sig, h] of handlers) process.off(sig, h);
      return received;
    },
  };
}

/** The shell's exit code for a process ended by `sig` (130 for Ctrl-C). */
export function signalExitCode(sig: Held): number {
  return 128 + NUMBER[sig];
}
