import { Module } from '@nestjs/common';
import { EmailChangeConfirmationController, MeController } from './me.controller';

@Module({ controllers: [MeController, EmailChangeConfirmationController] })
export class MeModule {}
