import { composeEmail, displayName, greeting, RenderedEmail } from './layout';

export interface KycDocumentsRequestedParams {
  firstName: string;
  message: string;
  documentsUrl: string;
}

export interface KycDecisionParams {
  firstName: string;
  decision: 'verified' | 'rejected';
  reason: string | null;
  documentsUrl: string;
}

export function kycDocumentsRequestedTemplate(params: KycDocumentsRequestedParams): RenderedEmail {
  return composeEmail('We need documents from you', [
    greeting(params.firstName),
    'Our verification team has asked you for documents:',
    displayName(params.message).slice(0, 1000),
    'Upload them in the Document Upload Center; review takes 2–3 business days.',
    { action: { label: 'Upload documents', url: params.documentsUrl } },
  ]);
}

export function kycDecisionTemplate(params: KycDecisionParams): RenderedEmail {
  if (params.decision === 'verified') {
    return composeEmail('Your account is verified', [
      greeting(params.firstName),
      'Good news: your identity verification (KYC) has been approved. Your account is now verified.',
      { action: { label: 'Open the portal', url: params.documentsUrl } },
    ]);
  }
  const reason = params.reason?.trim() ? [`Reason: ${displayName(params.reason).slice(0, 500)}`] : [];
  return composeEmail('Your identity verification was not approved', [
    greeting(params.firstName),
    'We have reviewed your identity verification (KYC) and are unable to approve it.',
    ...reason,
    'Please upload the documents again in the Document Upload Center, or open a support ticket if you have questions.',
    { action: { label: 'Open your documents', url: params.documentsUrl } },
  ]);
}
