import { Query } from '@nestjs/common';
import { EarningsActualsView, LedgerEarningsCommands, MATURITY_DAYS, MaturityScheduleView, reportWindowCode, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { reportWindow } from './back-office.dto';
import { EarningsQuery, MaturitiesQuery } from './treasury.dto';

/**
 * Treasury's figures beside Reports: the Earnings Report's actuals for a period and the
 * maturity schedule ahead. Report figures: the role needs the reports permission, and the
 * ledger checks it again.
 */
@ApiController('admin', 'api/v1/admin')
export class TreasuryController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('earnings', { summary: 'Earnings actuals for a window: fees earned, returns paid, returns accrued and not yet paid, assets under management (top level in USD, every currency in byCurrency, never added together)', type: EarningsActualsView, errors: [400] })
  @RequiresAdminPermission('reports')
  earnings(@Query() query: EarningsQuery, @RequestMetadata() meta: RequestMeta): Promise<EarningsActualsView> {
    const { from, to } = reportWindow({ period: 'custom', from: query.from, to: query.to });
    const problem = reportWindowCode({ from, to });
    if (problem) throw ApiError.of(400, problem);
    return this.services.send(LedgerEarningsCommands.earnings, { from, to }, meta);
  }

  @GetEndpoint('maturities', { summary: 'Principal and returns of active investments maturing in each week (from Monday) of the next days (1 to 365, default 90), per currency', type: MaturityScheduleView, errors: [400] })
  @RequiresAdminPermission('reports')
  maturities(@Query() query: MaturitiesQuery, @RequestMetadata() meta: RequestMeta): Promise<MaturityScheduleView> {
    return this.services.send(LedgerEarningsCommands.maturities, { days: query.days ?? MATURITY_DAYS.default }, meta);
  }
}
