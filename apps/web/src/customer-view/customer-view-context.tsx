import { createContext, useContext, type ReactNode } from 'react';

/**
 * Issue 30's read-only customer view: inside this provider the customer's own screens
 * (dashboard cards, portfolio, transactions, tickets) read the viewed customer's data from
 * the admin's customer-view endpoints instead of the signed-in person's, and leave out
 * every action (deposit, withdraw, pay, apply, cancel, new ticket, reply). Outside it
 * (the customer portal) nothing changes.
 */
const ViewedCustomerContext = createContext<string | null>(null);

export function ViewedCustomerProvider({ userId, children }: { userId: string; children: ReactNode }) {
  return <ViewedCustomerContext.Provider value={userId}>{children}</ViewedCustomerContext.Provider>;
}

/** The id of the customer an admin is viewing, or null on the customer's own portal. */
export function useViewedCustomer(): string | null {
  return useContext(ViewedCustomerContext);
}

/** Whether the screen is the read-only customer view, where nothing can be changed. */
export const useReadOnlyView = (): boolean => useViewedCustomer() !== null;
