export const applicationKeys = {
  all: ['applications'] as const,
  own: () => [...applicationKeys.all, 'own'] as const,
  latestStatus: () => [...applicationKeys.all, 'latest-status'] as const,
  investments: () => [...applicationKeys.all, 'investments'] as const,
  admin: (filter: object) => [...applicationKeys.all, 'admin', filter] as const,
  oversight: (filter: object) => [...applicationKeys.all, 'oversight', filter] as const,
};
