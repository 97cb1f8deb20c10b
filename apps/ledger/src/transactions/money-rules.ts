import { Injectable } from '@nestjs/common';
import { Currency } from '@portal/contracts';
import { fieldRefusal, PlatformSettings, ServiceError } from '@portal/messaging';

/** The live settings money moves under (feature_toggles, supported_currencies, crypto_wallets). */
@Injectable()
export class MoneyRules {
  constructor(private readonly settings: PlatformSettings) {}

  enabled(name: string): boolean {
    return this.settings.get<Record<string, boolean>>('feature_toggles')?.[name] !== false;
  }

  /**
   * Money moves only in the currencies System Settings supports now (supported_currencies):
   * one an admin removed is refused like an unknown one. Where the setting is absent, the
   * contract's currencies apply.
   */
  requireSupportedCurrency(currency: Currency): void {
    const configured = this.settings.get<unknown>('supported_currencies');
    if (!Array.isArray(configured)) return;
    const supported = configured.filter((item): item is string => typeof item === 'string').map((item) => item.trim().toUpperCase());
    if (supported.length === 0 || supported.includes(currency)) return;
    const params = { currencies: supported.join(', ') };
    throw ServiceError.of(400, 'currency_invalid', { params, details: [fieldRefusal('currency', 'currency_invalid', params)] });
  }

  /** The bank and crypto rails, as deposits and investment payments both use them (feature_toggles, crypto_wallets). */
  requireRail(crypto: boolean): string | null {
    if (!this.enabled(crypto ? 'crypto_payments' : 'bank_transfers')) {
      throw ServiceError.of(409, crypto ? 'crypto_payments_disabled' : 'bank_transfers_disabled');
    }
    const wallet = this.settings.get<{ bitcoin?: string | null }>('crypto_wallets')?.bitcoin ?? null;
    if (crypto && !wallet) throw ServiceError.of(409, 'no_wallet');
    return wallet;
  }
}
