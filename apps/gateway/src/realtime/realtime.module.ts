import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SessionRevocations } from '../auth/session-revocations';
import { RealtimeController } from './realtime.controller';
import { RealtimeHub } from './realtime-hub';
import { RealtimeTickets } from './realtime-tickets';

/** Live updates to browsers (server-sent events) from the JetStream event streams; admins' as far as their role's permissions go. */
@Module({
  imports: [AuthModule],
  controllers: [RealtimeController],
  providers: [RealtimeHub, RealtimeTickets, SessionRevocations],
  exports: [RealtimeHub],
})
export class RealtimeModule {}
