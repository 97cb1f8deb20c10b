/** The Support Center's help content (spec 02 §2, §9): FAQ in four categories and the Quick Guide. */
export const FAQ: { category: string; items: { question: string; answer: string }[] }[] = [
  {
    category: 'Account Setup',
    items: [
      { question: 'How do I verify my account?', answer: 'Upload your documents under Document Management and complete Account Verification. Documents are reviewed in 2-3 business days and you are notified by email.' },
      { question: 'Which documents do I need?', answer: 'A government-issued ID with a clear photo, a tax document from the current tax year, and, for partnerships, official partnership details with signatures and letterhead.' },
      { question: 'How do I change my profile details?', answer: 'Open Account Settings, choose Edit Profile, change your details and select Save Changes.' },
    ],
  },
  {
    category: 'Investing',
    items: [
      { question: 'What can I invest in?', answer: 'Personal and corporate investment plans, and the Global Investment Partnership Program (GIPP) across eight investment categories.' },
      { question: 'How long does an application review take?', answer: 'Usually 3-5 business days for personal, 5-10 for corporate and 10-15 for GIPP applications.' },
      { question: 'What is the security deposit?', answer: 'A deposit matched by the provider against your invested amount. It protects your investment and is unlocked only at maturity or in unforeseen global events.' },
    ],
  },
  {
    category: 'Payments',
    items: [
      { question: 'How long do deposits take?', answer: 'Bank transfers arrive in 3-5 business days. Bitcoin deposits are credited after network confirmation, usually within 1-2 hours.' },
      { question: 'Are there fees on deposits?', answer: 'No. We charge no fees on deposits.' },
      { question: 'What is the minimum withdrawal?', answer: 'The minimum withdrawal is $100. The amount is held on your balance while our finance team reviews the request and wires the funds.' },
    ],
  },
  {
    category: 'Security',
    items: [
      { question: 'How is my account protected?', answer: 'Your password is stored with strong one-way hashing, sessions expire after inactivity, and repeated failed sign-ins are blocked.' },
      { question: 'What should I do if I notice suspicious activity?', answer: 'Change your password straight away and open a support ticket with the category Security and priority urgent.' },
      { question: 'Will you ever ask for my password?', answer: 'Never. Our team will never ask for your password by email, phone or chat.' },
    ],
  },
];

export const QUICK_GUIDE = [
  { title: 'Create your account', description: 'Sign up and confirm your email address from the link we send you.' },
  { title: 'Complete your profile', description: 'Add your personal details in Account Settings.' },
  { title: 'Upload your documents', description: 'Provide your ID, tax and partnership documents for review.' },
  { title: 'Verify your identity', description: 'Complete the biometric verification under Account Verification.' },
  { title: 'Apply for an investment', description: 'Choose a personal, corporate or GIPP plan and submit your application.' },
  { title: 'Fund your account', description: 'Deposit by bank transfer or Bitcoin once your application is approved.' },
  { title: 'Track your portfolio', description: 'Follow your investments, returns and transactions from the dashboard.' },
  { title: 'Get help when you need it', description: 'Open a support ticket at any time; you are notified as soon as we answer.' },
];
