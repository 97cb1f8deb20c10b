// The read targets of issue 33, shared by the bench's files: a signed-in read through the
// stack against the floor (scripts/bench/baseline/floor-server.js) of the same run.
'use strict';

const TARGETS = { readThroughput: 0.8, readP99: 1.5, burstP99: 1.5 };

/** A read through the stack against the floor: throughput and p99. */
function floorTargets(name, workload, floor) {
  if (!workload || !floor) return [];
  return [
    {
      target: `${name} req/s >= ${TARGETS.readThroughput} x floor`,
      actual: `${workload.requestsPerSecond} vs ${floor.requestsPerSecond} (${(workload.requestsPerSecond / floor.requestsPerSecond).toFixed(2)} x)`,
      pass: workload.requestsPerSecond >= TARGETS.readThroughput * floor.requestsPerSecond,
    },
    {
      target: `${name} p99 <= ${TARGETS.readP99} x floor p99`,
      actual: `${workload.latencyMs.p99} ms vs ${floor.latencyMs.p99} ms (${(workload.latencyMs.p99 / floor.latencyMs.p99).toFixed(2)} x)`,
      pass: workload.latencyMs.p99 <= TARGETS.readP99 * floor.latencyMs.p99,
    },
  ];
}

module.exports = { floorTargets, TARGETS };
