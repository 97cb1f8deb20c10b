import { Module } from '@nestjs/common';
import { KycDocumentsController } from './kyc-documents.controller';
import { KycDocumentsService } from './kyc-documents.service';

/** KYC documents handed in by customers, their review, document requests and the admins' KYC decisions. */
@Module({ controllers: [KycDocumentsController], providers: [KycDocumentsService] })
export class KycDocumentsModule {}
