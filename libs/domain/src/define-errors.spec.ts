import { defineErrors } from './define-errors';
import { DomainError } from './domain-error';
import { type ErrorCatalogue, invalidField } from './error-codes';
import { badRequest, conflict, notFound, shared, withCodes } from './error-definitions';

const SpecErrors = defineErrors('spec', {
  notFound: notFound('SPEC_THING_NOT_FOUND_ERROR', (id: string) => `Thing ${id} does not exist`),
  tooMany: badRequest('SPEC_LIMIT_ERROR', (limit: number, got: number) => `At most ${limit}, got ${got}`),
  tooManyToday: badRequest('SPEC_LIMIT_ERROR', 'The daily limit is reached'),
  about: badRequest(
    'SPEC_FIELD_ERROR',
    (field: string) => `${field} is wrong`,
    (field) => ({ field }),
  ),
  taken: conflict('SPEC_TAKEN_ERROR'),
  gone: shared('DATA_NOT_FOUND', (id: string) => `No thing ${id}`),
  empty: () => invalidField(['thing'], 'thing is empty'),
  duplicate: withCodes(
    { SPEC_DUPLICATE_A: { status: 409 }, SPEC_DUPLICATE_B: { status: 400, local: true } },
    (errorOf) => (kind: 'A' | 'B') => errorOf(kind === 'A' ? 'SPEC_DUPLICATE_A' : 'SPEC_DUPLICATE_B', 'Twice'),
  ),
});

/** What the edge answers with, and which catalogue declared the code. */
const answer = (error: DomainError) => [error.code, error.status, error.message, error.declared.owner];

describe('defineErrors', () => {
  it('makes each factory from its definition, with the declared code and status', () => {
    expect(answer(SpecErrors.notFound('t-1'))).toEqual([
      'SPEC_THING_NOT_FOUND_ERROR',
      404,
      'Thing t-1 does not exist',
      'spec',
    ]);
    expect(answer(SpecErrors.tooMany(3, 4))).toEqual(['SPEC_LIMIT_ERROR', 400, 'At most 3, got 4', 'spec']);
    expect(answer(SpecErrors.tooManyToday())).toEqual(['SPEC_LIMIT_ERROR', 400, 'The daily limit is reached', 'spec']);
    expect(SpecErrors.about('name').details).toEqual({ field: 'name' });
    const taken = SpecErrors.taken('Taken by the caller', { id: 'x' });
    expect([...answer(taken), taken.details]).toEqual([
      'SPEC_TAKEN_ERROR',
      409,
      'Taken by the caller',
      'spec',
      { id: 'x' },
    ]);
    expect(answer(SpecErrors.duplicate('B'))).toEqual(['SPEC_DUPLICATE_B', 400, 'Twice', 'spec']);
    expect(SpecErrors.empty()).toBeInstanceOf(DomainError);
  });

  it('builds a shared code with its shared declaration', () => {
    expect(answer(SpecErrors.gone('t-2'))).toEqual(['DATA_NOT_FOUND', 404, 'No thing t-2', 'shared']);
  });

  it('catalogues each declared code once, with its status, and no shared one', () => {
    const catalogue: ErrorCatalogue<
      | 'SPEC_THING_NOT_FOUND_ERROR'
      | 'SPEC_LIMIT_ERROR'
      | 'SPEC_FIELD_ERROR'
      | 'SPEC_TAKEN_ERROR'
      | 'SPEC_DUPLICATE_A'
      | 'SPEC_DUPLICATE_B'
    > = SpecErrors.catalogue;
    expect(catalogue.entries()).toEqual([
      { code: 'SPEC_THING_NOT_FOUND_ERROR', status: 404, owner: 'spec', local: false },
      { code: 'SPEC_LIMIT_ERROR', status: 400, owner: 'spec', local: false },
      { code: 'SPEC_FIELD_ERROR', status: 400, owner: 'spec', local: false },
      { code: 'SPEC_TAKEN_ERROR', status: 409, owner: 'spec', local: false },
      { code: 'SPEC_DUPLICATE_A', status: 409, owner: 'spec', local: false },
      { code: 'SPEC_DUPLICATE_B', status: 400, owner: 'spec', local: true },
    ]);
    // @ts-expect-error: the catalogue's codes are the declared ones.
    expect(() => catalogue.statusOf('SPEC_UNDECLARED_ERROR')).toThrow(/not declared/);
  });

  it('keeps the catalogue out of a spread of the factories', () => {
    expect(Object.keys({ ...SpecErrors })).not.toContain('catalogue');
  });

  it('keeps the factories typed', () => {
    // @ts-expect-error: notFound takes the id.
    SpecErrors.notFound();
    // @ts-expect-error: tooMany takes numbers.
    SpecErrors.tooMany('3', 4);
    // @ts-expect-error: a caller-written code takes its message.
    SpecErrors.taken();
  });

  it('refuses a code declared with two statuses, and a shared code declared again', () => {
    expect(() =>
      defineErrors('spec-twice', { a: badRequest('SPEC_TWICE_ERROR', 'a'), b: conflict('SPEC_TWICE_ERROR', 'b') }),
    ).toThrow(/SPEC_TWICE_ERROR is declared twice/);
    // @ts-expect-error: a shared code is declared once, in SHARED_ERROR_CODES.
    expect(() => defineErrors('spec-shared', { a: notFound('DATA_NOT_FOUND', 'a') })).toThrow(/shared code/);
    // @ts-expect-error: `catalogue` names the catalogue.
    defineErrors('spec-named', { catalogue: notFound('SPEC_NAMED_ERROR', 'a') });
  });

  it('refuses a status that is not an HTTP error status', () => {
    expect(() =>
      defineErrors('spec-ok', {
        ok: withCodes({ SPEC_OK: { status: 200 as never } }, (errorOf) => () => errorOf('SPEC_OK', 'x')),
      }),
    ).toThrow(/not an HTTP error status/);
  });
});
