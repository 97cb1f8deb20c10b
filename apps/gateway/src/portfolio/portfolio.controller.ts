import { Query } from '@nestjs/common';
import { LedgerPerformanceCommands, PortfolioPerformance, PortfolioPerformanceQuery, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn, UserTypes } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';

/** Issue 28: the signed-in customer's portfolio performance, computed by the ledger from its book. */
@ApiController('money', 'api/v1/portfolio')
@SignedIn()
export class PortfolioController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('performance', { summary: 'The portfolio (invested principal + accrued returns) in a currency over a period of UTC days: its value at the end of each day, the earnings to date, and the time-weighted and money-weighted returns of the period (decimal fractions, null when nothing was invested). Default period: the last 90 days up to today; at most 5 years, not after today.', type: PortfolioPerformance, errors: [400] })
  @UserTypes('customer')
  performance(@Query() query: PortfolioPerformanceQuery, @RequestMetadata() meta: RequestMeta): Promise<PortfolioPerformance> {
    return this.services.send(LedgerPerformanceCommands.portfolioPerformance, { from: query.from, to: query.to, currency: query.currency }, meta);
  }
}
