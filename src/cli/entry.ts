import { reportError } from '../core/errors.js';
import { processIo, type Io } from '../core/io.js';
import { argvLang } from './lang.js';

/** A command run on the process's streams; an error becomes its message (in the CLI's language) and an exit code. */
export function runOnProcess(run: (argv: string[], io: Io) => Promise<number>, argv: string[]): Promise<number> {
  return runOnIo(run, argv, processIo());
}

/** A command run on `io` (the check daemon's for a client's request); errors handled as runOnProcess does. */
export async function runOnIo(run: (argv: string[], io: Io) => Promise<number>, argv: string[], io: Io): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    return reportError(e, io, argvLang(argv, io.env));
  }
}
