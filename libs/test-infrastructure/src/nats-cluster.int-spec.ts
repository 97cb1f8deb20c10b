import { connect, NatsConnection, StringCodec } from 'nats';
import { NatsCluster, startNatsCluster } from './nats-cluster';

jest.setTimeout(90_000);

const codec = StringCodec();

describe('a three-node JetStream cluster of the machine\'s nats-server', () => {
  let cluster: NatsCluster;
  let connection: NatsConnection;

  beforeAll(async () => {
    cluster = await startNatsCluster();
    connection = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  });

  afterAll(async () => {
    await connection?.close();
    await cluster?.stop();
  });

  it('keeps a three-replica stream readable and writable while one node is dead, and the node rejoins', async () => {
    expect(cluster.nodes.map((node) => node.running)).toEqual([true, true, true]);
    const manager = await connection.jetstreamManager();
    await manager.streams.add({ name: 'CLUSTER_PROBE', subjects: ['probe.>'], num_replicas: 3 });
    const js = connection.jetstream();
    await js.publish('probe.one', codec.encode('before'), { msgID: 'one' });

    await cluster.kill(0);
    expect(cluster.nodes[0].running).toBe(false);
    // The two left still form a quorum: a write is acknowledged by them (retried while the leader moves).
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await js.publish('probe.two', codec.encode('during'), { msgID: 'two', timeout: 2_000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }

    await cluster.restart(0);
    expect(cluster.nodes[0].running).toBe(true);
    // The restarted node serves the stream: read through it alone.
    const direct = await connect({ servers: cluster.nodes[0].url });
    try {
      const stream = await (await direct.jetstreamManager()).streams.get('CLUSTER_PROBE');
      const readBack = async () => [codec.decode((await stream.getMessage({ seq: 1 })).data), codec.decode((await stream.getMessage({ seq: 2 })).data)];
      const until = Date.now() + 30_000;
      let seen: string[] = [];
      while (Date.now() < until) {
        seen = await readBack().catch(() => []);
        if (seen.length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(seen).toEqual(['before', 'during']);
      expect((await stream.info()).cluster?.replicas).toHaveLength(2);
    } finally {
      await direct.close();
    }
  });
});
