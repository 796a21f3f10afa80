import { createHash } from 'node:crypto';

/**
 * The id of the balance event appended in reaction to source event `sourceEventId` (a settlement's
 * credit, a disbursement's outcome): a uuid derived from it (the idea of RFC 4122 v5), so a
 * reaction run twice appends once (the store refuses the second event id). The name space is
 * the one the disbursements context used when it owned the aggregate: changing it would give
 * logs written before the move new ids, and a replay would credit them again.
 */
export function balanceReactionId(sourceEventId: string): string {
  const hex = createHash('sha1').update(`gateway.disbursements:balance:${sourceEventId}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-` +
    `${hex.slice(20, 32)}`
  );
}
