import type { DiscoveryService } from '@nestjs/core';
import { PROJECTION_METADATA, type Projection } from '../projection';

/** Every provider marked @ReadModelProjection() in the application. */
export function discoverProjections(discovery: DiscoveryService): Projection[] {
  return discovery
    .getProviders()
    .filter((wrapper) => wrapper.metatype && Reflect.getMetadata(PROJECTION_METADATA, wrapper.metatype))
    .map((wrapper) => wrapper.instance as Projection)
    .filter((instance): instance is Projection => Boolean(instance));
}
