import { FindExistingFilesQuery } from '@gateway/files';
import type { Mode } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type KycDocument, referencedFileIds } from '../../domain/customer-profile';

/** Asks the files context which of the documents' images exist for this business and mode. */
@Injectable()
export class KycFileLookup {
  constructor(private readonly queries: QueryBus) {}

  async existing(
    businessId: string,
    mode: Mode,
    documents: readonly KycDocument[] | null | undefined,
  ): Promise<Set<string>> {
    const ids = referencedFileIds(documents);
    if (ids.length === 0) return new Set();
    return this.queries.execute(new FindExistingFilesQuery(businessId, mode, ids));
  }
}
