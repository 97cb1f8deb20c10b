import { Injectable } from '@nestjs/common';
import { InvestmentList, LedgerInvestmentCommands, LedgerPerformanceCommands, PortfolioPerformance, PortfolioPerformanceQuery, RequestMeta } from '@portal/contracts';
import { CustomerViewReader } from './customer-view-reader';

/**
 * The customer's investments as their Dashboard and Investment Portfolio show them
 * (GET /investments, GET /portfolio/performance): pure reads of the ledger keyed by the actor.
 */
@Injectable()
export class ViewInvestments {
  constructor(private readonly reader: CustomerViewReader) {}

  investments(userId: string, meta: RequestMeta): Promise<InvestmentList> {
    return this.reader.readAs(userId, 'investments', LedgerInvestmentCommands.listOwnInvestments, {}, meta);
  }

  performance(userId: string, query: PortfolioPerformanceQuery, meta: RequestMeta): Promise<PortfolioPerformance> {
    return this.reader.readAs(userId, 'performance', LedgerPerformanceCommands.portfolioPerformance, { from: query.from, to: query.to, currency: query.currency }, meta);
  }
}
