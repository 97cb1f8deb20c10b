import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseConnection, databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { KYC_EVENTS_STREAM } from '@portal/contracts';
import { eventEntities, HEALTH_CHECKS, OutboxModule, PlatformSettingsModule } from '@portal/messaging';
import { KycDocument, KycDocumentRequest } from './documents/kyc-document.entity';
import { KycDocumentsModule } from './documents/kyc-documents.module';
import { FileUploadPart, StoredFileRecord } from './files/stored-file.entity';
import { FilesModule } from './files/files.module';
import { FileStorageModule } from './files/storage/file-storage.module';
import { FileStorageEnvironment } from './kyc-environment';
import { KycProfile } from './kyc-status/kyc-profile.entity';
import { KycStatusModule } from './kyc-status/kyc-status.module';
import { kycMigrations } from './migrations';
import { BackOfficeFiguresModule } from './back-office/back-office-figures.module';
import { BiometricSession } from './verification/biometric-session.entity';
import { VerificationModule } from './verification/verification.module';
import { KycDataExportModule } from './data-export/data-export.controller';

export const KYC_SCHEMA = 'kyc';
export const kycEntities = [...eventEntities, KycProfile, StoredFileRecord, FileUploadPart, KycDocument, KycDocumentRequest, BiometricSession];

/**
 * Uploaded documents, document reviews, KYC status and biometric verification. This
 * release owns each customer's KYC status (opened pending at sign-up, published on
 * KYC_EVENTS) and the storage of uploaded files, KYC documents and their review, and the admins' KYC decisions, and biometric verification through a provider adapter.
 */
@Module({})
export class KycModule {
  static register(environment: ServiceEnvironment & FileStorageEnvironment): DynamicModule {
    return {
      module: KycModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: KYC_SCHEMA, ...databaseConnection(environment), entities: kycEntities, migrations: kycMigrations }),
        OutboxModule.forStreams(KYC_EVENTS_STREAM),
        FileStorageModule.forEnvironment(environment),
        KycStatusModule,
        FilesModule,
        PlatformSettingsModule,
        KycDocumentsModule,
        KycDataExportModule,
        VerificationModule,
        BackOfficeFiguresModule,
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
