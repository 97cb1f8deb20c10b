import { Inject, Injectable } from '@nestjs/common';
import {
  AdminReportView,
  AdminStatsView,
  ApplicationsBackOfficeCommands,
  IdentityBackOfficeCommands,
  KycBackOfficeCommands,
  LedgerBackOfficeCommands,
  ReportPeriod,
  RequestMeta,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';

export interface Section<T> {
  available: boolean;
  message: string | null;
  data: T | null;
}

/**
 * Composes the back office's figures from the services that own them, asked in parallel.
 * A service that is down, slow or refuses leaves its own section unavailable with the
 * reason; the others still answer, so the overview never fails whole for one source.
 */
@Injectable()
export class BackOfficeFigures {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async section<T>(source: string, call: Promise<T>): Promise<Section<T>> {
    try {
      return { available: true, message: null, data: await call };
    } catch (error) {
      const message = error instanceof ServiceCallError ? error.body.message : `The ${source} figures could not be loaded.`;
      this.logger.warn({ source, err: String(error) }, 'back-office figures unavailable');
      return { available: false, message, data: null };
    }
  }

  async stats(meta: RequestMeta): Promise<AdminStatsView> {
    const [users, kyc, investments, money] = await Promise.all([
      this.section('identity', this.services.send(IdentityBackOfficeCommands.stats, {}, meta)),
      this.section('kyc', this.services.send(KycBackOfficeCommands.stats, {}, meta)),
      this.section('applications', this.services.send(ApplicationsBackOfficeCommands.stats, {}, meta)),
      this.section('ledger', this.services.send(LedgerBackOfficeCommands.stats, {}, meta)),
    ]);
    return { generatedAt: new Date().toISOString(), users, kyc, investments, money };
  }

  async report(window: { period: ReportPeriod; from: string; to: string }, meta: RequestMeta): Promise<AdminReportView> {
    const range = { from: window.from, to: window.to };
    const [users, kyc, applications, money] = await Promise.all([
      this.section('identity', this.services.send(IdentityBackOfficeCommands.report, range, meta)),
      this.section('kyc', this.services.send(KycBackOfficeCommands.report, range, meta)),
      this.section('applications', this.services.send(ApplicationsBackOfficeCommands.report, range, meta)),
      this.section('ledger', this.services.send(LedgerBackOfficeCommands.report, range, meta)),
    ]);
    const hasData =
      (users.data?.newUsers ?? 0) > 0 ||
      (kyc.data ? kyc.data.outcomes.length + kyc.data.documentReviews.length + kyc.data.documentsSubmitted > 0 : false) ||
      (applications.data?.submitted ?? 0) > 0 ||
      (money.data?.transactions ?? 0) > 0 ||
      (money.data?.fees.length ?? 0) > 0;
    return { ...window, generatedAt: new Date().toISOString(), hasData, users, kyc, applications, money };
  }
}
