import { Module } from '@nestjs/common';
import { AdminWebhooksController } from './admin-webhooks.controller';

@Module({ controllers: [AdminWebhooksController] })
export class WebhooksModule {}
