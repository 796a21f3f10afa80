import { declareEventSchemas, snapshotUpcasters } from './event-schema';

describe('snapshotUpcasters', () => {
  const rename = ({ payerEmail, ...rest }: { payerEmail: string }) => ({ ...rest, payer: { email: payerEmail } });

  it('applies one snapshot change to every type carrying it, at the key holding it', () => {
    const steps = snapshotUpcasters(['InvoiceCreated', 'InvoicePaid'], 1, rename, { at: 'invoice' });
    expect(steps.map((step) => [step.type, step.fromVersion])).toEqual([
      ['InvoiceCreated', 1],
      ['InvoicePaid', 1],
    ]);
    const data = Object.freeze({ invoice: Object.freeze({ payerEmail: 'a@b.c', amount: 5 }), note: 'kept' });
    expect(steps[1].upcast(data)).toEqual({ invoice: { amount: 5, payer: { email: 'a@b.c' } }, note: 'kept' });
  });

  it('treats the whole data as the snapshot without `at`', () => {
    const [step] = snapshotUpcasters(['FixedPaymentCodePaid'], 2, rename);
    expect(step.upcast({ payerEmail: 'x@y.z' })).toEqual({ payer: { email: 'x@y.z' } });
  });

  it('goes into a declaration like any upcaster', () => {
    type Both = { type: 'A'; data: unknown } | { type: 'B'; data: unknown };
    const declaration = declareEventSchemas<Both>('test', { A: 2, B: 2 }, snapshotUpcasters(['A', 'B'], 1, rename));
    expect(declaration.upcasters).toHaveLength(2);
  });
});

describe('declareEventSchemas', () => {
  it("names the union's types in the order its versions table lists them", () => {
    type Both = { type: 'A'; data: unknown } | { type: 'B'; data: unknown };
    expect(declareEventSchemas<Both>('test', { B: 1, A: 2 }).types).toEqual(['B', 'A']);
  });
});
