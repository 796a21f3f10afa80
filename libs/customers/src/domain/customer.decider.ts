import { assertNever, type Decider } from '@gateway/domain';
import {
  applyCustomerChanges,
  type CustomerChanges,
  type CustomerProfile,
  type CustomerType,
  type IndividualDetail,
} from './customer-profile';
import {
  detailViolations,
  freeTextViolations,
  identityAccountViolations,
  kycDocumentViolations,
  legacyOnBusiness,
  metadataViolations,
  profileViolations,
} from './customer-rules';
import { CustomerErrors } from './customer.errors';
import type { CreatedCustomer, CustomerEvent, Mode } from './customer.events';

/**
 * The 2020-05-19 version's name fields (also accepted flat in a 2020-10-31 update, as xendit-node
 * sends them): they change single fields inside `individual_detail`.
 */
export type LegacyIndividualChanges = {
  [K in 'given_names' | 'middle_name' | 'surname' | 'nationality' | 'date_of_birth']?: string | null;
};

export type CustomerCommand =
  | {
      type: 'CreateCustomer';
      customerId: string;
      businessId: string;
      mode: Mode;
      referenceId: string;
      profile: CustomerProfile;
      /** The KYC document images that exist for this business and mode (a fact the handler looked up). */
      existingFileIds: ReadonlySet<string>;
      now: Date;
    }
  | {
      type: 'UpdateCustomer';
      customerId: string;
      /** Who asks: a customer of another business or mode does not exist for them. */
      businessId: string;
      mode: Mode;
      changes: CustomerChanges;
      /** Sent again by some clients: accepted when unchanged, refused otherwise. */
      referenceId?: string;
      customerType?: CustomerType;
      legacyIndividualChanges?: LegacyIndividualChanges;
      existingFileIds: ReadonlySet<string>;
      now: Date;
    };

/** The customer as created, with its profile as updated since. */
export interface ExistingCustomerState extends CreatedCustomer {
  status: 'existing';
  updatedAt: string;
}

export type CustomerState = { status: 'none' } | ExistingCustomerState;

/** Fields whose new value equals the current one are left out, so an update that changes nothing records nothing. */
function effectiveChanges(profile: CustomerProfile, changes: CustomerChanges): CustomerChanges {
  const effective: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const current = (profile as unknown as Record<string, unknown>)[field];
    if (JSON.stringify(current ?? null) !== JSON.stringify(value)) effective[field] = value;
  }
  return effective;
}

/** Flat name fields change single fields of the detail: the one sent in the same update, else the stored one. */
function mergeLegacyFields(
  profile: CustomerProfile,
  legacy: LegacyIndividualChanges,
  sent: IndividualDetail | null | undefined,
): IndividualDetail {
  const detail = sent ?? profile.individual_detail;
  if (profile.type !== 'INDIVIDUAL' || !detail) throw CustomerErrors.invalid([legacyOnBusiness()]);
  const merged: Record<string, unknown> = { ...detail };
  for (const [field, value] of Object.entries(legacy)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return merged as unknown as IndividualDetail;
}

/**
 * A customer profile (spec "Customer"): created once, then updated field by field. Pure: the id,
 * the time and the existence of referenced files arrive on the command. The uniqueness of
 * `reference_id` is the reservation aggregate's job (customer-reference.decider.ts).
 */
export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCustomer': {
        if (state.status === 'existing') throw CustomerErrors.alreadyExists(command.customerId);
        const violations = profileViolations(command.profile, command.existingFileIds);
        if (violations.length > 0) throw CustomerErrors.invalid(violations);
        return [
          {
            type: 'CustomerCreated',
            data: {
              customerId: command.customerId,
              businessId: command.businessId,
              mode: command.mode,
              referenceId: command.referenceId,
              profile: command.profile,
              createdAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'UpdateCustomer': {
        if (state.status !== 'existing' || state.businessId !== command.businessId || state.mode !== command.mode) {
          throw CustomerErrors.notFound(command.customerId);
        }
        if (command.referenceId !== undefined && command.referenceId !== state.referenceId)
          throw CustomerErrors.immutable('reference_id');
        if (command.customerType !== undefined && command.customerType !== state.profile.type)
          throw CustomerErrors.immutable('type');
        const legacy = command.legacyIndividualChanges ?? {};
        const legacyFields = Object.keys(legacy).length > 0;
        const textProblems = [
          ...freeTextViolations(command.changes),
          ...(legacyFields ? freeTextViolations({ individual_detail: legacy as IndividualDetail }) : []),
        ];
        if (textProblems.length > 0) throw CustomerErrors.invalid(textProblems);
        const requested = legacyFields
          ? {
              ...command.changes,
              individual_detail: mergeLegacyFields(state.profile, legacy, command.changes.individual_detail),
            }
          : command.changes;
        const changes = effectiveChanges(state.profile, requested);
        if (Object.keys(changes).length === 0) return [];
        const next = applyCustomerChanges(state.profile, changes);
        // Images referenced before were checked then (and may since have been deleted): only new
        // KYC documents are checked against the files that exist now.
        const violations = [
          ...detailViolations(next),
          ...identityAccountViolations(next.identity_accounts),
          ...metadataViolations(next.metadata),
          ...(changes.kyc_documents ? kycDocumentViolations(next.kyc_documents, command.existingFileIds) : []),
        ];
        if (violations.length > 0) throw CustomerErrors.invalid(violations);
        return [
          {
            type: 'CustomerUpdated',
            data: { customerId: command.customerId, changes, updatedAt: command.now.toISOString() },
          },
        ];
      }
      default:
        return assertNever(command, 'customer command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CustomerCreated':
        return { status: 'existing', ...event.data, updatedAt: event.data.createdAt };
      case 'CustomerUpdated':
        if (state.status !== 'existing') return state;
        return {
          ...state,
          profile: applyCustomerChanges(state.profile, event.data.changes),
          updatedAt: event.data.updatedAt,
        };
      default:
        return assertNever(event, 'customer event');
    }
  },
};
