import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FilesController } from './files.controller';

/** Uploads and downloads; an administrator refused a file is recorded as admin access is (AuthModule's AdminAccessDenial). */
@Module({ imports: [AuthModule], controllers: [FilesController] })
export class FilesModule {}
