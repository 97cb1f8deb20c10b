import { Injectable } from '@nestjs/common';
import { ApplicationPage, ApplicationsCommands, RequestMeta } from '@portal/contracts';
import { OwnApplicationsQuery } from '../applications/applications.dto';
import { CustomerViewReader } from './customer-view-reader';

/**
 * The customer's investment applications as their Status screen shows them (GET
 * /applications), drafts included. The customer's own list is used because no admin
 * command lists one person's applications (adminList searches by name or email); it is a
 * pure read (applications' listOwn finds the actor's rows and their investments' ids).
 */
@Injectable()
export class ViewApplications {
  constructor(private readonly reader: CustomerViewReader) {}

  list(userId: string, query: OwnApplicationsQuery, meta: RequestMeta): Promise<ApplicationPage> {
    return this.reader.readAs(userId, 'applications', ApplicationsCommands.listOwn, { status: query.status }, meta);
  }
}
