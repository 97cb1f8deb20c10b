/**
 * The Support Center's help content (spec 02 §2, §9): FAQ in four categories and the Quick
 * Guide. The texts are in the support catalogue: faq.<category>.<item>.question/answer and
 * guide.items.<step>.title/description.
 */
export const FAQ = [
  { category: 'accountSetup', items: ['verify', 'documents', 'profile'] },
  { category: 'investing', items: ['what', 'review', 'securityDeposit'] },
  { category: 'payments', items: ['depositTime', 'fees', 'minimum'] },
  { category: 'security', items: ['protection', 'suspicious', 'password'] },
] as const;

export const QUICK_GUIDE = ['account', 'profile', 'documents', 'identity', 'apply', 'fund', 'track', 'help'] as const;
