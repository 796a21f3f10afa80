import type { CustomerProfile } from '../domain/customer-profile';

export interface CustomerView {
  customerId: string;
  referenceId: string;
  profile: CustomerProfile;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerRow {
  customer_id: string;
  reference_id: string;
  profile: CustomerProfile;
  created_at: Date;
  updated_at: Date;
}

export const CUSTOMER_COLUMNS = 'customer_id, reference_id, profile, created_at, updated_at';

export function toCustomerView(row: CustomerRow): CustomerView {
  return {
    customerId: row.customer_id,
    referenceId: row.reference_id,
    profile: row.profile,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Ids are `cust-<uuid>`; anything else cannot exist and is answered without touching a store. */
export const CUSTOMER_ID = /^cust-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
