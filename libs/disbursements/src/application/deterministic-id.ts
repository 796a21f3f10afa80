import { createHash } from 'node:crypto';

/**
 * A uuid derived from a name (the idea of RFC 4122 v5: SHA-1 of the name). A process manager
 * that reacts to event E appends its event with the id derived from E's id, so running twice
 * appends once: the store refuses a second event with the same id.
 */
export function deterministicUuid(name: string): string {
  const hex = createHash('sha1').update(`gateway.disbursements:${name}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-` +
    `${hex.slice(20, 32)}`
  );
}
