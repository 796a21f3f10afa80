/**
 * The pure part of the fixed payment instruments kernel (`@gateway/fixed-instruments/domain`):
 * what virtual accounts and retail payment codes share, with no Nest and no I/O, so the two
 * contexts' domain folders may import it.
 */
export * from './fixed-instrument';
export * from './fixed-instrument.decider';
export * from './instrument-lifetime';
export * from './amount-rule';
export * from './number-allocation';
