import { Module } from '@nestjs/common';
import { SessionRevocations } from '../auth/session-revocations';
import { RealtimeController } from './realtime.controller';
import { RealtimeHub } from './realtime-hub';
import { RealtimeTickets } from './realtime-tickets';

/** Live updates to browsers (server-sent events) from the JetStream event streams. */
@Module({
  controllers: [RealtimeController],
  providers: [RealtimeHub, RealtimeTickets, SessionRevocations],
  exports: [RealtimeHub],
})
export class RealtimeModule {}
