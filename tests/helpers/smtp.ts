import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A real SMTP server on loopback that keeps what it receives; `refuse` answers 451 while it is > 0; `delayMs` slows each mail's answer. */
export async function startSmtp(port = 0) {
  const received: ParsedMail[] = [];
  const state = { refuse: 0, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (state.refuse > 0) {
        state.refuse--;
        const err = new Error('Try again later') as Error & { responseCode: number };
        err.responseCode = 451;
        return cb(err);
      }
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then(async (m) => {
          if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
          received.push(m);
          cb();
        })
        .catch(cb);
    },
  });
  // A sender that vanishes mid-session (a node the test kills while it sends) resets its connection:
  // smtp-server reports that as an 'error' event, which would otherwise end the test run.
  server.on('error', () => undefined);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const actual = (server.server.address() as AddressInfo).port;
  return { port: actual, url: `smtp://127.0.0.1:${actual}`, received, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}
