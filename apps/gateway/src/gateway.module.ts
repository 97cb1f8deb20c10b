import { DynamicModule, Module } from '@nestjs/common';
import type { Logger } from '@portal/logging';
import { AccountDataModule } from './account-data/account-data.module';
import { AdminModule } from './admin/admin.module';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { ApplicationsModule } from './applications/applications.module';
import { AuthModule } from './auth/auth.module';
import { BackOfficeModule } from './back-office/back-office.module';
import { CardsModule } from './cards/cards.module';
import { GatewayConfig } from './config/gateway-environment';
import { ConnectionsModule } from './connections/connections.module';
import { CustomerViewModule } from './customer-view/customer-view.module';
import { HealthModule } from './health/health.module';
import { GatewayOperationsPort } from './http/http-metrics';
import { RateLimiter } from './http/rate-limit';
import { FilesModule } from './files/files.module';
import { KycModule } from './kyc/kyc.module';
import { MeModule } from './me/me.module';
import { MoneyModule } from './money/money.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { PortfolioModule } from './portfolio/portfolio.module';
import { RealtimeModule } from './realtime/realtime.module';
import { SecurityEventsModule } from './security-events/security-events.module';
import { SessionsModule } from './sessions/sessions.module';
import { SettingsModule } from './settings/settings.module';
import { StatementsModule } from './statements/statements.module';
import { SupportModule } from './support/support.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ConnectionsModule.forRoot(config, logger),
        AuthModule,
        MeModule,
        PasskeysModule,
        AccountDataModule,
        SettingsModule,
        SecurityEventsModule,
        AdminModule,
        AdminUsersModule,
        CustomerViewModule,
        SessionsModule,
        ApplicationsModule,
        FilesModule,
        KycModule,
        SupportModule,
        NotificationsModule,
        RealtimeModule,
        MoneyModule,
        StatementsModule,
        PortfolioModule,
        BackOfficeModule,
        CardsModule,
        WebhooksModule,
        HealthModule,
      ],
      providers: [RateLimiter, GatewayOperationsPort],
    };
  }
}
