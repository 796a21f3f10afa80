import { createHash } from 'node:crypto';

/**
 * A code's id is derived from what makes it unique: (business, mode, retail outlet, code). Its
 * stream `fpc-<id>` is created with `no_stream`, so two creations of one code cannot both commit
 * and a simulated payment finds the code from the outlet and code alone.
 */
export function paymentCodeId(businessId: string, mode: string, retailOutletName: string, paymentCode: string): string {
  return createHash('sha256').update(`fpc\u0000${businessId}\u0000${mode}\u0000${retailOutletName}\u0000${paymentCode}`).digest('hex').slice(0, 24);
}

export function hexId(uuid: string): string {
  return createHash('sha256').update(uuid).digest('hex').slice(0, 24);
}
