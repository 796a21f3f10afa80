import { categoryOf } from '@gateway/event-store';
import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AUDITED_RESOURCES_METADATA, type AuditedResource, type AuditedResourceSource } from './audited-resource';

/** Every resource registered by an @AuditsResources provider, by name and by stream category. */
@Injectable()
export class AuditedResources {
  private index?: { byName: Map<string, AuditedResource>; byCategory: Map<string, AuditedResource> };

  constructor(private readonly discovery: DiscoveryService) {}

  names(): string[] {
    return [...this.load().byName.keys()].sort();
  }

  byName(resource: string): AuditedResource | undefined {
    return this.load().byName.get(resource);
  }

  forStream(streamName: string): AuditedResource | undefined {
    return this.load().byCategory.get(categoryOf(streamName));
  }

  private load() {
    if (this.index) return this.index;
    const byName = new Map<string, AuditedResource>();
    const byCategory = new Map<string, AuditedResource>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance || !Reflect.getMetadata(AUDITED_RESOURCES_METADATA, wrapper.metatype))
        continue;
      for (const resource of (wrapper.instance as AuditedResourceSource).auditedResources) {
        if (byName.has(resource.resource)) throw new Error(`Audited resource ${resource.resource} is registered twice`);
        if (byCategory.has(resource.category))
          throw new Error(`Stream category ${resource.category} is registered twice`);
        byName.set(resource.resource, resource);
        byCategory.set(resource.category, resource);
      }
    }
    this.index = { byName, byCategory };
    return this.index;
  }
}
