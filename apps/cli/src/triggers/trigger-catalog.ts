import { CALLBACK_KINDS, type CallbackKind } from '@gateway/accounts';
import { MONEY_IN_TRIGGERS } from './money-in.triggers';
import { MONEY_OUT_AND_PLATFORM_TRIGGERS } from './money-out-and-platform.triggers';
import type { Trigger } from './trigger';

/** Every trigger, by name. At least one per callback kind the gateway sends (checked below). */
export const TRIGGERS: readonly Trigger[] = [...MONEY_IN_TRIGGERS, ...MONEY_OUT_AND_PLATFORM_TRIGGERS];

export function triggerNamed(name: string): Trigger | undefined {
  return TRIGGERS.find((trigger) => trigger.name === name);
}

/** Callback kinds no trigger produces: empty, or a kind was added without one (a spec checks it). */
export function kindsWithoutTrigger(): CallbackKind[] {
  return CALLBACK_KINDS.filter((kind) => !TRIGGERS.some((trigger) => trigger.callbackKind === kind));
}
