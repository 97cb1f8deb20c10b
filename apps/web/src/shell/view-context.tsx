import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Which menu an administrator is looking at (spec 01 §2 "Layout shell"): admin by default. */
export type PortalView = 'admin' | 'user';

interface ViewContextValue {
  view: PortalView;
  toggleView: () => void;
}

const ViewContext = createContext<ViewContextValue | null>(null);

export function ViewProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<PortalView>('admin');
  const value = useMemo(
    () => ({ view, toggleView: () => setView((current) => (current === 'admin' ? 'user' : 'admin')) }),
    [view],
  );
  return <ViewContext.Provider value={value}>{children}</ViewContext.Provider>;
}

export function useView(): ViewContextValue {
  const context = useContext(ViewContext);
  if (!context) throw new Error('useView must be used within a ViewProvider');
  return context;
}
