import { Module } from '@nestjs/common';
import { AccountSecurityCoreModule } from '../account-security/account-security-core.module';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

/** Account Settings' Profile: details, photo and email change. */
@Module({ imports: [AccountSecurityCoreModule], controllers: [ProfileController], providers: [ProfileService, EmailLinkQuota] })
export class ProfileModule {}
