import { DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FileStorageEnvironment } from '../../kyc-environment';
import { FILE_STORAGE } from './file-storage';
import { createFileStorage, FileStore } from './file-store';

/** The storage port for every part of kyc that reads or deletes a file's bytes. */
@Global()
@Module({})
export class FileStorageModule {
  static forEnvironment(environment: FileStorageEnvironment): DynamicModule {
    return {
      module: FileStorageModule,
      providers: [{ provide: FILE_STORAGE, inject: [DataSource], useFactory: (dataSource: DataSource) => createFileStorage(environment, dataSource) }, FileStore],
      exports: [FILE_STORAGE, FileStore],
    };
  }
}
