import { Module } from '@nestjs/common';
import { AfterReply } from './after-reply';
import { EmailLinkQuota } from './email-link-quota';

/** What the public link requests share: the hourly quota per address, and the sending done after the answer. */
@Module({ providers: [EmailLinkQuota, AfterReply], exports: [EmailLinkQuota, AfterReply] })
export class EmailLinksModule {}
