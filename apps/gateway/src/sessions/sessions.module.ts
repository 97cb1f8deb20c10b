import { Module } from '@nestjs/common';
import { EndSessionLinkController, MySessionsController, UserSessionsController } from './sessions.controller';

/** Sessions and devices: the signed-in person's, a user's in User Management, and the emailed link that ends one. */
@Module({ controllers: [MySessionsController, UserSessionsController, EndSessionLinkController] })
export class SessionsModule {}
