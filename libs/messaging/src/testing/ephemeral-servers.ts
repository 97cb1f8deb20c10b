import { natsConfiguration, NatsUser } from './library';
import { EphemeralNats as AnyEphemeralNats, startEphemeralNats as startNatsServer } from '@portal/test-infrastructure';

/** A test NATS whose logins, when it has any, are the processes' of the generated configuration. */
export type EphemeralNats = AnyEphemeralNats<NatsUser>;

/**
 * A NATS server with JetStream of the test run's own (see @portal/test-infrastructure);
 * TEST_NATS_URL overrides it.
 */
export function startEphemeralNats(options: {
  /**
   * 'least-privilege': the server runs the generated configuration (one login per process
   * with the permissions of the bus access registry, and the events reader), as in
   * production; the end-to-end stacks use it. 'open' (default): anyone may do anything.
   */
  access?: 'open' | 'least-privilege';
} = {}): Promise<EphemeralNats> {
  return startNatsServer<NatsUser>(options.access === 'least-privilege' ? { configuration: natsConfiguration } : {});
}
