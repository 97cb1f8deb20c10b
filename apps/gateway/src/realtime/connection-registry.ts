import { RealtimeConnection } from './realtime-connection';

/** The streams this replica holds, by user, and the admins' among them. */
export class ConnectionRegistry {
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();
  private readonly adminStreams = new Set<RealtimeConnection>();

  add(connection: RealtimeConnection): void {
    const { userId, userType } = connection.actor;
    const connections = this.byUser.get(userId) ?? new Set<RealtimeConnection>();
    connections.add(connection);
    this.byUser.set(userId, connections);
    if (userType === 'admin') this.adminStreams.add(connection);
  }

  remove(connection: RealtimeConnection): void {
    const { userId } = connection.actor;
    const connections = this.byUser.get(userId);
    connections?.delete(connection);
    if (connections?.size === 0) this.byUser.delete(userId);
    this.adminStreams.delete(connection);
  }

  holds(connection: RealtimeConnection): boolean {
    return this.byUser.get(connection.actor.userId)?.has(connection) === true;
  }

  isAdminStream(connection: RealtimeConnection): boolean {
    return this.adminStreams.has(connection);
  }

  /** A copy: the caller may end streams while going through it. */
  of(userId: string): RealtimeConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  admins(): RealtimeConnection[] {
    return [...this.adminStreams];
  }

  all(): RealtimeConnection[] {
    return [...this.byUser.values()].flatMap((connections) => [...connections]);
  }

  users(): string[] {
    return [...this.byUser.keys()];
  }

  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  get hasAdmins(): boolean {
    return this.adminStreams.size > 0;
  }
}
