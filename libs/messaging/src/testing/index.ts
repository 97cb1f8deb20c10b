// @portal/messaging/testing: the bus helpers of the test suites (test NATS, the command
// client, event publisher and recorder, stand-in services). Tests only: built on its own
// (tsconfig.testing.json, into testing/dist), never part of the library's main entry or its
// dist, so no service image carries it. @portal/testing re-exports all of it.
export * from './ephemeral-servers';
export * from './jetstream';
export * from './service-harness';
export * from './stand-in-service';
