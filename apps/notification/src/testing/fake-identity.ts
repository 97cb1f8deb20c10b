import { JSONCodec, NatsConnection, Subscription } from 'nats';
import { FindUserIdsPayload, IdentityCommands, ServiceRequest, UserSummary } from '@portal/contracts';

const codec = JSONCodec();

/**
 * Plays identity's user directory over NATS (Nest's packet format) for the broadcast
 * tests: a fixed set of people, answered by filter and paged by afterId like identity.
 */
export class FakeIdentityDirectory {
  readonly requests: ServiceRequest<FindUserIdsPayload>[] = [];
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly connection: NatsConnection,
    readonly people: UserSummary[],
    private readonly pageSize = 10_000,
  ) {}

  async start(): Promise<this> {
    this.answer(IdentityCommands.findUserIds.subject, (request: ServiceRequest<FindUserIdsPayload>) => {
      this.requests.push(request);
      const filter = request.payload;
      const ids = this.people
        .filter((person) => (!filter.userType || person.userType === filter.userType) && (!filter.userStatus || person.userStatus === filter.userStatus) && (!filter.kycStatus || person.kycStatus === filter.kycStatus))
        .filter((person) => !filter.q || `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(filter.q.toLowerCase()))
        .map((person) => person.id)
        .sort()
        .filter((id) => !filter.afterId || id > filter.afterId);
      const page = ids.slice(0, this.pageSize);
      return { userIds: page, nextAfterId: ids.length > this.pageSize ? page[page.length - 1] : null };
    });
    this.answer(IdentityCommands.lookupUsers.subject, (request: ServiceRequest<{ userIds: string[] }>) => ({
      users: this.people.filter((person) => request.payload.userIds.includes(person.id)),
    }));
    await this.connection.flush();
    return this;
  }

  private answer<T>(subject: string, handler: (request: ServiceRequest<T>) => unknown) {
    const subscription = this.connection.subscribe(subject);
    this.subscriptions.push(subscription);
    void (async () => {
      for await (const message of subscription) {
        const packet = codec.decode(message.data) as { id: string; data: ServiceRequest<T> };
        message.respond(codec.encode({ id: packet.id, response: handler(packet.data), isDisposed: true }));
      }
    })();
  }

  stop(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
