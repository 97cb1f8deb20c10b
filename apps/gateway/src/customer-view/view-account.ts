import { Injectable } from '@nestjs/common';
import { CustomerViewAccount, RequestMeta } from '@portal/contracts';
import { CustomerViewReader } from './customer-view-reader';

/** Who the customer is (the banner's name, the dashboard's account status): identity's answer to the audit record itself. */
@Injectable()
export class ViewAccount {
  constructor(private readonly reader: CustomerViewReader) {}

  run(userId: string, meta: RequestMeta): Promise<CustomerViewAccount> {
    return this.reader.record(userId, 'account', meta);
  }
}
