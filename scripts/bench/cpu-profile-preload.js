// Loaded with `node --require` into the stack's processes when BENCH_PROFILE=1: the
// first SIGWINCH starts the V8 CPU profiler, the second writes
// <BENCH_PROFILE_DIR>/<app>-<pid>-<n>.cpuprofile (n counts the profiles of one process) (open it in Chrome DevTools, or summarise it
// with scripts/bench/profile-summary.js). SIGWINCH: ignored by default and not among the
// signals Nest's shutdown hooks take (SIGUSR2 is). Not --cpu-prof: Nest's
// shutdown hooks end the process by re-raising SIGTERM, which skips --cpu-prof's writer.
'use strict';
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_PROFILE_DIR;
const match = /apps\/([^/]+)\/dist\/main\.js$/.exec(process.argv[1] || '');
if (dir && match) {
  const app = match[1];
  const session = new inspector.Session();
  session.connect();
  let profiling = false;
  let written = 0;
  process.on('SIGWINCH', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')));
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${app}-${process.pid}-${++written}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
