import { type ApiDocOptions, type JsonSchema, namedSchema, type NamedSchema, schema } from '@gateway/http-edge';

/**
 * What a simulate route answers: the kind's own paid fields, or the invoice whose number or code
 * it was (the route hands those to the invoices context).
 */
export function simulatedPaymentSchema(
  name: string,
  paidFields: Record<string, JsonSchema>,
  titles: { own: string; invoice: string },
): NamedSchema {
  const completed = { status: schema.oneOfStrings(['COMPLETED']), message: schema.string() };
  const ID = schema.string();
  return namedSchema(name, {
    oneOf: [
      schema.object({ ...completed, ...paidFields }, { title: titles.own }),
      schema.object(
        { ...completed, invoice_id: schema.string(), external_id: schema.string("The invoice's"), payment_id: ID },
        { title: titles.invoice },
      ),
    ],
  });
}

/** The invoice a simulated payment paid, as the simulate routes answer it. */
export interface PaidInvoice {
  invoiceId: string;
  externalId: string;
  payment?: { paymentId: string };
}

export function paidInvoiceAnswer(message: string, invoice: PaidInvoice): Record<string, unknown> {
  const { invoiceId, externalId, payment } = invoice;
  const paymentId = payment?.paymentId;
  return { status: 'COMPLETED', message, invoice_id: invoiceId, external_id: externalId, payment_id: paymentId };
}

/** What differs between the simulate routes' docs: the answer and the kind's two refusals. */
interface SimulateRouteDoc {
  response: NamedSchema;
  notFound: string;
  inactive: string;
}

/**
 * The API doc of a simulate route: test mode only, the kind's own "not found" and "inactive",
 * then what every kind and the invoices it hands numbers to may answer.
 */
export function simulatedPaymentDoc(
  doc: Pick<ApiDocOptions, 'summary' | 'description' | 'operationId'> & SimulateRouteDoc,
): ApiDocOptions {
  const { notFound, inactive, ...rest } = doc;
  const shared = ['EXPECTED_AMOUNT_MISMATCH_ERROR', 'INVOICE_NOT_PENDING_ERROR', 'INVALID_AMOUNT_ERROR'];
  const errors = ['TEST_MODE_ONLY_ERROR', notFound, inactive, ...shared];
  return { ...rest, testModeOnly: true, errors };
}
