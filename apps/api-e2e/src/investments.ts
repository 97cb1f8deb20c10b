import { SignedInAccount, uploadApplicationDocument } from '@portal/testing';

export type InvestmentBody = { id: string; applicationId: string; status: string; amount: string; fundedAmount: string; unfundedAmount: string; [key: string]: unknown };

/** Asks again until the answer is the expected one (events cross services), or gives the last answer. */
export async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await ask();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await ask();
  }
  return value;
}

/** The customer's investment an approved application became, once the ledger has opened it from the approval. */
export async function investmentOf(customer: SignedInAccount, applicationId: string): Promise<InvestmentBody> {
  const list = await eventually(
    () => customer.api.get<{ items: InvestmentBody[] }>('/api/v1/investments'),
    (answer) => answer.body.items?.some((item) => item.applicationId === applicationId) === true,
  );
  const found = list.body.items.find((item) => item.applicationId === applicationId);
  if (!found) throw new Error(`the ledger never opened the investment of application ${applicationId}`);
  return found;
}

/** A personal application submitted by the customer and approved by the admin: its id. */
export async function approvedApplication(customer: SignedInAccount, admin: SignedInAccount, amount: number, months = 12): Promise<string> {
  const submitted = await customer.api.post<{ id: string }>('/api/v1/applications', {
    applicationType: 'personal',
    fullName: 'Investor Person',
    investmentAmount: amount,
    investmentDuration: months,
    applicationData: { address: '1 Market Street', employment: 'Engineer', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
    documentIds: [await uploadApplicationDocument(customer)],
  });
  if (submitted.status !== 201) throw new Error(`application refused: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const approved = await admin.api.post(`/api/v1/admin/applications/${submitted.body.id}/review`, { decision: 'approved', note: 'Welcome' });
  if (approved.status !== 200) throw new Error(`approval refused: ${approved.status} ${JSON.stringify(approved.body)}`);
  return submitted.body.id;
}
