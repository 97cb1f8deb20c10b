import { composeEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail } from './layout';

export interface AccountDeletedParams {
  firstName: string;
  closedAt: string;
}

export function accountDeletedTemplate(params: AccountDeletedParams): RenderedEmail {
  const when = formatUtc(params.closedAt);
  return composeEmail(`Your ${PRODUCT_NAME} account has been deleted`, [
    greeting(params.firstName),
    `Your ${PRODUCT_NAME} account was deleted at your request${when ? ` on ${when}` : ''}. You can no longer sign in with it, and your personal details have been removed.`,
    'Records that the law requires us to keep, such as your transactions, are retained for the legally required period.',
    'If you did not ask for this, please contact our support team immediately.',
  ]);
}
