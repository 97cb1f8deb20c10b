import { Module } from '@nestjs/common';
import { UserDirectoryController } from './user-directory.controller';
import { UserDirectoryQueries } from './user-directory.queries';

/** Who is who, for other services' admin screens: summaries by id and ids by filter. */
@Module({ controllers: [UserDirectoryController], providers: [UserDirectoryQueries] })
export class UserDirectoryModule {}
