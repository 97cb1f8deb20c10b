// What both baseline processes share: the subject between them, and running as a child
// of the bench (report "ready", close cleanly on SIGTERM/SIGINT, exit 1 on a failed start).
'use strict';
const { JSONCodec } = require('nats');

const SUBJECT = 'bench.baseline.users.get';
/** The posting floor's withdrawal requests (posting-responder.js). */
const POSTING_SUBJECT = 'bench.floor.withdrawals';
const codec = JSONCodec();

/** Runs start(); it resolves with the ready message and the closers to run on a signal. */
function runHop(start) {
  start().then(
    ({ ready, closers }) => {
      process.send?.({ ready: true, ...ready });
      const stop = async () => {
        for (const close of closers) await close().catch(() => undefined);
        process.exit(0);
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { POSTING_SUBJECT, SUBJECT, codec, runHop };
