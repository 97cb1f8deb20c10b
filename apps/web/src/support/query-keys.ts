/** Every support query starts with 'support', so a live "ticket changed" invalidates them all at once. */
export const supportKeys = {
  all: ['support'] as const,
  own: (limit: number) => [...supportKeys.all, 'own', limit] as const,
  ownTicket: (id: string) => [...supportKeys.all, 'own-ticket', id] as const,
  ownSummary: () => [...supportKeys.all, 'own-summary'] as const,
  admin: (filter: { status?: string; q?: string }) => [...supportKeys.all, 'admin', filter] as const,
  adminTicket: (id: string) => [...supportKeys.all, 'admin-ticket', id] as const,
  adminSummary: () => [...supportKeys.all, 'admin-summary'] as const,
};
