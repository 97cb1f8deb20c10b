import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';

/** People who can sign in, and what the signed-in person may read about themselves. */
@Module({ controllers: [UsersController] })
export class UsersModule {}
