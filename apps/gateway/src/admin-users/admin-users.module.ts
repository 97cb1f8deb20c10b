import { Module } from '@nestjs/common';
import { AdminAccountsController, AdminUsersController } from './admin-users.controller';

@Module({ controllers: [AdminUsersController, AdminAccountsController] })
export class AdminUsersModule {}
