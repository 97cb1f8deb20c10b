import { Injectable } from '@nestjs/common';
import { Actor, IdentityCommands, InvestmentView, KycFileCommands, LedgerInvestmentCommands, StoredFile } from '@portal/contracts';
import { ServiceCallError, ServiceClient, ServiceError } from '@portal/messaging';

/** The contact an account gives a submission whose form asks for none. */
export interface AccountContact {
  email: string;
  firstName: string;
  lastName: string;
}

/** Another service's refusal or outage, answered as such rather than as this service's own failure (a 500). */
function passOn(error: unknown): never {
  if (error instanceof ServiceCallError) {
    if (error.body.statusCode >= 500) throw ServiceError.of(503, 'applications_unavailable');
    throw new ServiceError(error.body);
  }
  throw error;
}

/** A call whose answer the caller can do without: the fallback when the other service refuses or does not answer. */
export async function orWhenUnanswered<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ServiceCallError) return fallback;
    throw error;
  }
}

/** What applications asks identity, kyc and the ledger on a use case's behalf (the admin lists' questions to identity: ApplicantDirectory). */
@Injectable()
export class OtherServicesClient {
  constructor(private readonly services: ServiceClient) {}

  /** Of these files, those the customer uploaded (kyc, their owner, answers). */
  async ownedFiles(fileIds: string[], customer: Actor): Promise<StoredFile[]> {
    const { files } = await this.services.send(KycFileCommands.ownedFiles, { fileIds }, { actor: customer }).catch(passOn);
    return files;
  }

  async accountOf(customer: Actor): Promise<AccountContact> {
    return this.services.send(IdentityCommands.getCurrentUser, {}, { actor: customer }).catch(passOn);
  }

  /** The ledger's view of these investments (status, funding, accrual); empty when it cannot answer, the list still shows. */
  async lifecycles(investmentIds: string[], admin: Actor): Promise<Map<string, InvestmentView>> {
    if (investmentIds.length === 0) return new Map();
    return orWhenUnanswered(async () => {
      const { items } = await this.services.send(LedgerInvestmentCommands.lookupInvestments, { investmentIds }, { actor: admin });
      return new Map(items.map((item) => [item.id, item]));
    }, new Map());
  }
}
