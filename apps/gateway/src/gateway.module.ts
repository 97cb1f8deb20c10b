import { DynamicModule, Module } from '@nestjs/common';
import type { Logger } from '@portal/logging';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { GatewayConfig } from './config/gateway-environment';
import { ConnectionsModule } from './connections/connections.module';
import { HealthModule } from './health/health.module';
import { RateLimiter } from './http/rate-limit';
import { MeModule } from './me/me.module';
import { MoneyModule } from './money/money.module';
import { SecurityEventsModule } from './security-events/security-events.module';
import { SettingsModule } from './settings/settings.module';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ConnectionsModule.forRoot(config, logger), AuthModule, MeModule, SettingsModule, SecurityEventsModule, AdminModule, MoneyModule, HealthModule],
      providers: [RateLimiter],
    };
  }
}
