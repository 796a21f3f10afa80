import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';

/**
 * Which of `fileIds` are stored (not deleted) files of this business and mode. Other contexts
 * (customers' KYC documents) ask this before referring to a file.
 */
export class FindExistingFilesQuery extends Query<Set<string>> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly fileIds: readonly string[],
  ) {
    super();
  }
}
