import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FilesController } from './files.controller';
import { FileViewAudit } from './file-view-audit';

/**
 * Uploads and downloads; an administrator refused a file is recorded as admin access is
 * (AuthModule's AdminAccessDenial), one opening another person's file as a file view (FileViewAudit).
 */
@Module({ imports: [AuthModule], controllers: [FilesController], providers: [FileViewAudit] })
export class FilesModule {}
