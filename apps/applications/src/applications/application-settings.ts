import { Injectable } from '@nestjs/common';
import { ApplicationType, DEFAULT_FEATURE_TOGGLES } from '@portal/contracts';
import { PlatformSettings, ServiceError } from '@portal/messaging';
import { OfferedOptions } from './application-rules';

/** Defaults of spec 01 §9 and 02 §9, used until identity's settings are loaded. */
const DEFAULT_DURATIONS: Record<ApplicationType, number[]> = { personal: [3, 6, 12, 24, 36], corporate: [3, 6, 12, 24, 36, 48, 60], gipp: [3, 6, 12, 24, 36] };
const DEFAULT_STRUCTURES = ['Private Limited Company', 'Public Limited Company', 'Partnership', 'Sole Proprietorship', 'Limited Liability Partnership', 'Other'];
const DEFAULT_CATEGORIES = ['Oil & Gas', 'Gold Mining', 'Real Estate', 'Technology', 'Healthcare', 'Renewable Energy'];
const DEFAULT_ROI: Record<ApplicationType, number> = { personal: 15, corporate: 18, gipp: 25 };
const DEFAULT_FEES: Record<ApplicationType, number> = { personal: 2.5, corporate: 2, gipp: 1.5 };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The platform settings applications read (identity's, kept current by PlatformSettings), with the spec's defaults. */
@Injectable()
export class ApplicationSettings {
  constructor(private readonly settings: PlatformSettings) {}

  /** The durations, corporate structures and GIPP categories a submission may choose from. */
  offeredOptions(): OfferedOptions {
    const durations = this.settings.get<unknown>('investment_durations');
    const list = (value: unknown, fallback: number[]) => (Array.isArray(value) && value.every((item) => typeof item === 'number') ? (value as number[]) : fallback);
    const strings = (value: unknown, fallback: string[]) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : fallback);
    const byType = isRecord(durations) ? durations : {};
    return {
      durations: { personal: list(byType.personal, DEFAULT_DURATIONS.personal), corporate: list(byType.corporate, DEFAULT_DURATIONS.corporate), gipp: list(byType.gipp, DEFAULT_DURATIONS.gipp) },
      corporateStructures: strings(this.settings.get('corporate_structures'), DEFAULT_STRUCTURES),
      investmentCategories: strings(this.settings.get('investment_categories'), DEFAULT_CATEGORIES),
    };
  }

  /** The annual expected return, in percent, of an investment of this type (roi_rates). */
  returnRate(type: ApplicationType): number {
    return this.percentByType('roi_rates', type, DEFAULT_ROI);
  }

  /** The annual platform fee, in percent, of an investment of this type (platform_fees). */
  feeRate(type: ApplicationType): number {
    return this.percentByType('platform_fees', type, DEFAULT_FEES);
  }

  requireInvestmentsEnabled(): void {
    const toggles = this.settings.get<unknown>('feature_toggles');
    const enabled = isRecord(toggles) && typeof toggles.investments_enabled === 'boolean' ? toggles.investments_enabled : DEFAULT_FEATURE_TOGGLES.investments_enabled;
    if (!enabled) throw ServiceError.of(403, 'investments_disabled');
  }

  /** An annual percent by investment type from a setting (roi_rates, platform_fees), or the spec's default. */
  private percentByType(key: 'roi_rates' | 'platform_fees', type: ApplicationType, defaults: Record<ApplicationType, number>): number {
    const rates = this.settings.get<unknown>(key);
    const value = isRecord(rates) ? rates[type] : undefined;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : defaults[type];
  }
}
