import { Module } from '@nestjs/common';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

/** Biometric verification: sessions of three steps decided by the configured provider's adapter. */
@Module({ controllers: [VerificationController], providers: [VerificationService] })
export class VerificationModule {}
