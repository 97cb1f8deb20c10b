import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LedgerPerformanceCommands, PortfolioPerformance, PortfolioPerformanceQuery, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn, UserTypes } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';

/** Issue 28: the signed-in customer's portfolio performance, computed by the ledger from its book. */
@ApiTags('money')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/portfolio')
export class PortfolioController {
  constructor(private readonly services: ServiceClient) {}

  @Get('performance')
  @UserTypes('customer')
  @ApiOperation({
    summary:
      'The portfolio (invested principal + accrued returns) in a currency over a period of UTC days: its value at the end of each day, the earnings to date, and the time-weighted and money-weighted returns of the period (decimal fractions, null when nothing was invested). Default period: the last 90 days up to today; at most 5 years, not after today.',
  })
  @ApiOkResponse({ type: PortfolioPerformance })
  @ApiErrorResponses(400)
  performance(@Query() query: PortfolioPerformanceQuery, @RequestMetadata() meta: RequestMeta): Promise<PortfolioPerformance> {
    return this.services.send(LedgerPerformanceCommands.portfolioPerformance, { from: query.from, to: query.to, currency: query.currency }, meta);
  }
}
