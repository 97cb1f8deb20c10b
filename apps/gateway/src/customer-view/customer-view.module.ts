import { Module } from '@nestjs/common';
import { CustomerViewController } from './customer-view.controller';
import { CustomerViewReader } from './customer-view-reader';
import { ViewAccount } from './view-account';
import { ViewApplications } from './view-applications';
import { ViewInvestments } from './view-investments';
import { ViewMoney } from './view-money';
import { ViewTickets } from './view-tickets';

/** Issue 30: an admin's read-only view of a customer's portal, every read audited. */
@Module({ controllers: [CustomerViewController], providers: [CustomerViewReader, ViewAccount, ViewMoney, ViewInvestments, ViewTickets, ViewApplications] })
export class CustomerViewModule {}
