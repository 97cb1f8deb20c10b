import { INestMicroservice } from '@nestjs/common';
import { Clock, ServiceEnvironment } from '@portal/config';
import { IdentityCommands } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { answerCommand, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

/** The ledger alone on infrastructure of its own, identity answered by stand-ins, events published as other services do. */
export interface LedgerUnderTest {
  infrastructure: TestInfrastructure;
  service: INestMicroservice;
  /** Sends commands as the gateway would (signed); its connection answers identity's part. */
  client: TestServiceClient;
  /** Publishes other services' events (an approved application) to their streams. */
  publisher: EventPublisher;
  stop(): Promise<void>;
}

/**
 * Starts the ledger on its clock (a ManualClock moves its days). Identity answers no
 * settings and, with `customers: 'known'`, knows every id it is asked about as a verified
 * customer (security deposits and admin lists look people up); otherwise nobody.
 */
export async function startLedgerUnderTest(label: string, options: { clock: Clock; customers?: 'known' | 'unknown' }): Promise<LedgerUnderTest> {
  const infrastructure = await startTestInfrastructure(label, {}, { platformSettings: 'answered-elsewhere' });
  const client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
  const identityStandIn = [
    answerCommand(client.connection, IdentityCommands.getAllSettings.subject, () => ({ items: [] })),
    answerCommand(client.connection, IdentityCommands.lookupUsers.subject, (payload) => ({
      users:
        options.customers === 'known'
          ? (payload.userIds as string[]).map((id) => ({ id, email: `${id.slice(0, 8)}@example.test`, firstName: 'Ada', lastName: 'Lovelace', userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'verified' }))
          : [],
    })),
  ];
  const service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env, clock: options.clock });
  const publisher = await EventPublisher.connect(infrastructure.nats.url);
  return {
    infrastructure,
    service,
    client,
    publisher,
    async stop() {
      identityStandIn.forEach((subscription) => subscription.unsubscribe());
      await publisher.close();
      await client.close();
      await stopService(service);
      await infrastructure.stop();
    },
  };
}
