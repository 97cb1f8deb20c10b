import { Module } from '@nestjs/common';
import { AdminKycController, KycDocumentsController } from './kyc.controller';
import { VerificationController } from './verification.controller';

@Module({ controllers: [KycDocumentsController, AdminKycController, VerificationController] })
export class KycModule {}
