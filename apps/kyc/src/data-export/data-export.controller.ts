import { Controller, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, DataExportCommands, DataExportPart } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { CommandActor, HandlesCommand } from '@portal/messaging';

/** Download My Data: KYC status, documents, document requests, verification sessions and uploaded files' metadata (never their contents). */
@Controller()
export class KycDataExportController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(DataExportCommands.kyc)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const id = [actor.userId];
    const [profile, documents, documentRequests, verificationSessions, files] = await Promise.all([
      personalRows(this.dataSource, `SELECT * FROM kyc.kyc_profiles WHERE user_id = $1`, id),
      personalRows(this.dataSource, `SELECT * FROM kyc.kyc_documents WHERE user_id = $1 ORDER BY created_at DESC`, id),
      personalRows(this.dataSource, `SELECT * FROM kyc.kyc_document_requests WHERE user_id = $1 ORDER BY created_at DESC`, id),
      personalRows(this.dataSource, `SELECT * FROM kyc.biometric_sessions WHERE user_id = $1 ORDER BY created_at DESC`, id),
      personalRows(this.dataSource, `SELECT id, name, size, mime_type, purpose, created_at FROM kyc.files WHERE owner_id = $1 ORDER BY created_at DESC`, id),
    ]);
    return { service: 'kyc', data: { kycStatus: profile[0]?.kycStatus ?? null, documents, documentRequests, verificationSessions, files } };
  }
}

@Module({ controllers: [KycDataExportController] })
export class KycDataExportModule {}
