import { Module } from '@nestjs/common';
import { AdminKycController, KycDocumentsController } from './kyc.controller';

@Module({ controllers: [KycDocumentsController, AdminKycController] })
export class KycModule {}
