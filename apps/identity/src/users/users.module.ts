import { Module } from '@nestjs/common';
import { CurrentUserQueries } from './current-user.queries';
import { UsersController } from './users.controller';

/** People who can sign in, and what the signed-in person may read about themselves. */
@Module({ controllers: [UsersController], providers: [CurrentUserQueries] })
export class UsersModule {}
