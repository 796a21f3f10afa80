import { createHash } from 'node:crypto';

/**
 * The ids of the events that create charge `chargeId`, derived from it (the idea of RFC 4122 v5:
 * SHA-1 of a name): the request and the follower that both try to create the charge write the
 * same event ids, so whichever comes second is refused by the store (`no_stream`, and a duplicate
 * id on stores that check ids), never appended twice.
 */
export function chargeCreationEventIds(chargeId: string): () => string {
  let index = 0;
  return () => nameBasedUuid(`charge-created:${chargeId}:${index++}`);
}

function nameBasedUuid(name: string): string {
  const hex = createHash('sha1').update(`gateway.cards:${name}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-` +
    `${hex.slice(20, 32)}`
  );
}
