import { Module } from '@nestjs/common';
import { UserDirectoryController } from './user-directory.controller';

/** Who is who, for other services' admin screens: summaries by id and ids by filter. */
@Module({ controllers: [UserDirectoryController] })
export class UserDirectoryModule {}
