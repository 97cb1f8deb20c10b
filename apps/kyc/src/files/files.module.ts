import { Module } from '@nestjs/common';
import { FileRecords } from './file-records';
import { FilesController } from './files.controller';

/** File storage for every upload of the portal (application documents now, KYC documents next). */
@Module({ controllers: [FilesController], providers: [FileRecords] })
export class FilesModule {}
