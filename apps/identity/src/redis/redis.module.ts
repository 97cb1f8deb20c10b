import { Global, Module } from '@nestjs/common';
import { RedisModule } from '@portal/redis';
import { REDIS } from './redis';
import { WindowCounters } from './window-counters';

/**
 * The service's Redis connection under REDIS, for every module: fail-fast, so a sign-in
 * or a sign-out answers (limits degrade, revocations are logged) rather than hangs while
 * Redis is away. Closed at shutdown by RedisModule.
 */
const identityRedis = RedisModule.register({ token: REDIS, name: 'identity', profile: 'fail-fast' });

@Global()
@Module({
  imports: [identityRedis],
  providers: [WindowCounters],
  exports: [identityRedis, WindowCounters],
})
export class IdentityRedisModule {}
