import { Module } from '@nestjs/common';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

/** Account Settings' Profile: details, photo and email change. */
@Module({ controllers: [ProfileController], providers: [ProfileService, EmailLinkQuota] })
export class ProfileModule {}
