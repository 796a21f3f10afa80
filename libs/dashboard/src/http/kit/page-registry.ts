import type { Capability } from '../../domain/roles';

/**
 * The dashboard's navigation: each product registers its pages when its module loads, so a
 * product that lands later (cards, eWallets, VAs, payment codes, invoices) adds an entry here
 * and a controller, and nothing else changes.
 */
export interface DashboardPageEntry {
  id: string;
  title: string;
  path: string;
  /** Position in the navigation. */
  order: number;
  /** Who sees the page at all; every signed-in user when absent. */
  capability?: Capability;
  /** Only offered in test mode (test tools). */
  testModeOnly?: boolean;
}

const pages = new Map<string, DashboardPageEntry>();

export function registerDashboardPage(entry: DashboardPageEntry): void {
  pages.set(entry.id, entry);
}

export function dashboardPages(): DashboardPageEntry[] {
  return [...pages.values()].sort((a, b) => a.order - b.order);
}
