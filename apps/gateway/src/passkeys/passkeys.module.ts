import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MyPasskeysController, PasskeySignInController } from './passkeys.controller';

@Module({ imports: [AuthModule], controllers: [PasskeySignInController, MyPasskeysController] })
export class PasskeysModule {}
