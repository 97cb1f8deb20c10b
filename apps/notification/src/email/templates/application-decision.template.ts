import { composeEmail, displayName, greeting, RenderedEmail } from './layout';

export interface ApplicationDecisionParams {
  firstName: string;
  applicationType: string;
  decision: 'approved' | 'rejected';
  note: string | null;
  investmentsUrl: string;
}

const TYPE_NAMES: Record<string, string> = { personal: 'personal', corporate: 'corporate', gipp: 'GIPP' };

export function applicationDecisionTemplate(params: ApplicationDecisionParams): RenderedEmail {
  const kind = TYPE_NAMES[params.applicationType] ?? 'investment';
  const note = params.note?.trim() ? [`Note from our team: ${displayName(params.note).slice(0, 500)}`] : [];
  if (params.decision === 'approved') {
    return composeEmail('Your investment application was approved', [
      greeting(params.firstName),
      `Good news: your ${kind} investment application has been approved.`,
      ...note,
      'Our finance team will send you an official invoice by email with the next steps.',
      { action: { label: 'View your investments', url: params.investmentsUrl } },
    ]);
  }
  return composeEmail('Your investment application was not approved', [
    greeting(params.firstName),
    `We have reviewed your ${kind} investment application and are unable to approve it.`,
    ...note,
    'If you have questions about this decision, open a support ticket and our team will help.',
    { action: { label: 'Open the portal', url: params.investmentsUrl } },
  ]);
}
