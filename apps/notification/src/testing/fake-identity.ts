import { NatsConnection } from 'nats';
import { FindUserIdsPayload, IdentityCommands, ServiceRequest, UserSummary } from '@portal/contracts';
import { answerCommand, StandIn } from '@portal/testing';

/**
 * Plays identity's user directory over NATS (Nest's packet format) for the broadcast
 * tests: a fixed set of people, answered by filter and paged by afterId like identity.
 */
export class FakeIdentityDirectory {
  readonly requests: ServiceRequest<FindUserIdsPayload>[] = [];
  private readonly standIns: StandIn[] = [];

  constructor(
    private readonly connection: NatsConnection,
    readonly people: UserSummary[],
    private readonly pageSize = 10_000,
  ) {}

  async start(): Promise<this> {
    this.answer(IdentityCommands.findUserIds.subject, (request) => {
      this.requests.push(request as ServiceRequest<FindUserIdsPayload>);
      const filter = request.payload as FindUserIdsPayload;
      const ids = this.people
        .filter((person) => (!filter.userType || person.userType === filter.userType) && (!filter.userStatus || person.userStatus === filter.userStatus) && (!filter.kycStatus || person.kycStatus === filter.kycStatus))
        .filter((person) => !filter.q || `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(filter.q.toLowerCase()))
        .map((person) => person.id)
        .sort()
        .filter((id) => !filter.afterId || id > filter.afterId);
      const page = ids.slice(0, this.pageSize);
      return { userIds: page, nextAfterId: ids.length > this.pageSize ? page[page.length - 1] : null };
    });
    this.answer(IdentityCommands.lookupUsers.subject, (request) => ({
      users: this.people.filter((person) => (request.payload.userIds as string[]).includes(person.id)),
    }));
    await this.connection.flush();
    return this;
  }

  private answer(subject: string, handler: (request: ServiceRequest<Record<string, unknown>>) => unknown) {
    this.standIns.push(answerCommand(this.connection, subject, (_payload, request) => handler(request)));
  }

  stop(): void {
    for (const standIn of this.standIns) standIn.unsubscribe();
  }
}
