import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { CALLBACK_RENDERER_METADATA, type CallbackRenderer } from './callback-renderer';

/** Every @RendersCallbacks provider, by the event types it renders. */
@Injectable()
export class CallbackRenderers {
  private byType?: Map<string, CallbackRenderer[]>;

  constructor(private readonly discovery: DiscoveryService) {}

  eventTypes(): string[] {
    return [...this.index().keys()];
  }

  for(eventType: string): readonly CallbackRenderer[] {
    return this.index().get(eventType) ?? [];
  }

  private index(): Map<string, CallbackRenderer[]> {
    if (this.byType) return this.byType;
    const byType = new Map<string, CallbackRenderer[]>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance || !Reflect.getMetadata(CALLBACK_RENDERER_METADATA, wrapper.metatype))
        continue;
      const renderer = wrapper.instance as CallbackRenderer;
      for (const type of renderer.eventTypes) byType.set(type, [...(byType.get(type) ?? []), renderer]);
    }
    this.byType = byType;
    return byType;
  }
}
