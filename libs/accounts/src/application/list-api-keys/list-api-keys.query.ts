import { Query } from '@nestjs/cqrs';
import type { Mode } from '../../domain/business.events';

export interface ApiKeyView {
  key_id: string;
  business_id: string;
  mode: Mode;
  kind: 'secret' | 'public';
  name: string;
  permissions: string[];
  /** Last characters of the key; the key itself is never shown again. */
  key_hint: string;
  created: string;
  revoked: string | null;
}

export class ListApiKeysQuery extends Query<ApiKeyView[]> {
  constructor(
    readonly businessId: string,
    readonly mode?: Mode,
  ) {
    super();
  }
}
