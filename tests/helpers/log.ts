// A server's log as its tests read it: every line pino wrote, as written and parsed.
export interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  err?: string | { message?: string; stack?: string };
  [field: string]: unknown;
}

/** A stream for start()'s `log` option, keeping what is written. */
export function captureLog() {
  const chunks: string[] = [];
  return {
    stream: { write: (s: string) => void chunks.push(s) },
    /** Everything written, as it was written. */
    text: () => chunks.join(''),
    lines: (): LogLine[] =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LogLine),
  };
}

/** A line as a person reads it: its message and what it carries of its error. */
export const said = (l: LogLine) => `${l.msg}${l.err ? ` ${typeof l.err === 'string' ? l.err : (l.err.stack ?? l.err.message ?? '')}` : ''}`;
