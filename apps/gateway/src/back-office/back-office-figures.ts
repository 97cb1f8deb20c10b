import { Inject, Injectable } from '@nestjs/common';
import {
  AdminReportView,
  AdminStatsView,
  ApplicationsBackOfficeCommands,
  ApplicationsStats,
  IdentityBackOfficeCommands,
  IdentityStats,
  KycBackOfficeCommands,
  KycStats,
  LedgerBackOfficeCommands,
  LedgerStats,
  permissionsSatisfy,
  ReportPeriod,
  RequestMeta,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { AdminRolePermissions } from '../auth/admin-role-permissions';
import { LOGGER } from '../connections/tokens';

export interface Section<T> {
  available: boolean;
  message: string | null;
  permitted: boolean;
  data: T | null;
}

/** What each overview section's figures need of the caller's role: customers' money and investments are not every admin's to see. */
const STATS_PERMISSIONS = { users: 'users', kyc: 'kyc', investments: 'investments', money: 'transactions' } as const;

/**
 * Composes the back office's figures from the services that own them, asked in parallel.
 * A service that is down, slow or refuses leaves its own section unavailable with the
 * reason; the others still answer, so the overview never fails whole for one source.
 */
@Injectable()
export class BackOfficeFigures {
  constructor(
    private readonly services: ServiceClient,
    private readonly rolePermissions: AdminRolePermissions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async section<T>(source: string, call: Promise<T>): Promise<Section<T>> {
    try {
      return { available: true, message: null, permitted: true, data: await call };
    } catch (error) {
      const message = error instanceof ServiceCallError ? error.body.message : `The ${source} figures could not be loaded.`;
      this.logger.warn({ source, err: String(error) }, 'back-office figures unavailable');
      return { available: false, message, permitted: true, data: null };
    }
  }

  /** A section the caller's role may not see: its service is not even asked. */
  private withheld<T>(): Section<T> {
    return { available: false, message: null, permitted: false, data: null };
  }

  /** Every admin's landing page: each section only for a role with the permission its figures need. */
  async stats(meta: RequestMeta): Promise<AdminStatsView> {
    const granted = meta.actor ? await this.rolePermissions.of(meta.actor, meta) : [];
    const may = (section: keyof typeof STATS_PERMISSIONS) => permissionsSatisfy(granted, STATS_PERMISSIONS[section]);
    const [users, kyc, investments, money] = await Promise.all([
      may('users') ? this.section('identity', this.services.send(IdentityBackOfficeCommands.stats, {}, meta)) : this.withheld<IdentityStats>(),
      may('kyc') ? this.section('kyc', this.services.send(KycBackOfficeCommands.stats, {}, meta)) : this.withheld<KycStats>(),
      may('investments') ? this.section('applications', this.services.send(ApplicationsBackOfficeCommands.stats, {}, meta)) : this.withheld<ApplicationsStats>(),
      may('money') ? this.section('ledger', this.services.send(LedgerBackOfficeCommands.stats, {}, meta)) : this.withheld<LedgerStats>(),
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
