import { GetBusinessQuery, GetSettingsQuery } from '@gateway/accounts';
import { isChannelEnabled, isPaymentChannelCode, PAYMENT_CHANNELS } from '@gateway/domain';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { AppConfig } from '@gateway/config';
import { IdGenerator } from '@gateway/runtime';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { invoiceDecider, type PaymentInput } from '../../domain/invoice.decider';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { type InvoiceSnapshot, invoiceStream } from '../../domain/invoice.events';
import {
  DEFAULT_INVOICE_DURATION_SECONDS,
  INVOICE_RETAIL_OUTLETS,
  invoiceAmountError,
  MAGIC_PAID_AMOUNTS,
} from '../../domain/invoice.rules';
import { INVOICES_PROJECTION } from '../../read-models/invoices.projection';
import { invoicePageUrl } from '../../domain/invoice.rules';
import { invoiceIdFrom, poolMerchantCode, retailPrefix } from '../invoice-identity';
import { PoolAllocator, PoolExhaustedError } from '../pool-allocator';
import { channelOfPool, type NewInvoice, type NewInvoiceSnapshot, newInvoiceSnapshot, poolsOf } from './new-invoice';
import {
  FindFixedVirtualAccountQuery,
  type FixedVirtualAccountRef,
} from '../callback-virtual-account/callback-virtual-account.queries';
import { OpenCustomerVirtualAccountCommand } from '../callback-virtual-account/customer-virtual-account.command';
import { CreateInvoiceCommand } from './create-invoice.command';

@CommandHandler(CreateInvoiceCommand)
export class CreateInvoiceHandler implements ICommandHandler<CreateInvoiceCommand, InvoiceSnapshot> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly pools: PoolAllocator,
    private readonly config: AppConfig,
  ) {}

  async execute(command: CreateInvoiceCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, request } = command;
    // The decider's amount rule, asked first: no look-up or POOL number probe is made for an
    // invoice it would refuse.
    const amountError = invoiceAmountError(request.amount, command.options.recurringPaymentId !== undefined);
    if (amountError) throw amountError;
    const origin = requestOrigin(command);
    // Asked together, the business, its settings and its (test) clock leave in one statement
    // (CombinedLookups). One instant for the POOL claims and the invoice (its expiry is computed from it).
    const [business, settingsView, now] = await Promise.all([
      this.queries.execute(new GetBusinessQuery(businessId)),
      this.queries.execute(new GetSettingsQuery(businessId, mode)),
      this.pipeline.now(origin),
    ]);
    const settings = settingsView?.settings ?? {};
    const fixedVa =
      request.callbackVirtualAccountId === undefined
        ? undefined
        : await this.fixedVirtualAccount(businessId, mode, request.callbackVirtualAccountId, request.amount);
    const offered = this.offeredMethods(request.paymentMethods, settings.enabledPaymentChannels);
    // The spec: the fixed VA "enables that payment method", whatever payment_methods say.
    const methods = fixedVa && !offered.includes(fixedVa.bankCode) ? [...offered, fixedVa.bankCode] : offered;
    const invoiceId = command.options.invoiceId ?? invoiceIdFrom(this.ids.uuid());
    const customerAccounts = request.fixedVa
      ? await this.customerAccounts(command, methods, fixedVa?.bankCode)
      : new Map<string, FixedVirtualAccountRef>();
    const invoice: NewInvoice = {
      invoiceId,
      businessId,
      mode,
      request,
      recurringPaymentId: command.options.recurringPaymentId,
      merchantName: business?.name ?? businessId,
      invoiceUrl: invoicePageUrl(command.options.publicBaseUrl ?? this.config.publicBaseUrl(), invoiceId),
      methods,
      bankCodes: methods.filter((code) => category(code) === 'VIRTUAL_ACCOUNT'),
      outlets: methods.filter((code) => category(code) === 'RETAIL_OUTLET'),
      // The business's own fixed account (callback_virtual_account_id), or with fixed_va the
      // customer's, replaces the POOL number for its bank; paid like a callback VA.
      fixedAccountOf: (bankCode) => (fixedVa?.bankCode === bankCode ? fixedVa : customerAccounts.get(bankCode)),
      prefixes: {
        va: (bankCode) => poolMerchantCode(businessId, settings.virtualAccountRanges?.[bankCode]?.merchantCode),
        retail: retailPrefix(businessId, settings.retailPaymentCodePrefix),
      },
      now,
      expiry: new Date(now.getTime() + (request.invoiceDuration ?? DEFAULT_INVOICE_DURATION_SECONDS) * 1000),
    };
    // Every POOL number and retail code is claimed in the invoice's own append (PoolAllocator).
    const decision = await this.pools
      .appendClaiming(invoiceId, poolsOf(invoice), { until: invoice.expiry, at: now }, (numbers, claims) => {
        const snapshot = newInvoiceSnapshot(invoice, numbers);
        const magicPayment =
          mode === 'test' && MAGIC_PAID_AMOUNTS.includes(request.amount)
            ? this.magicPayment(snapshot, settings.feeSchedule)
            : undefined;
        return this.pipeline.run({
          ...origin,
          at: now,
          stream: invoiceStream(invoiceId),
          decider: invoiceDecider,
          command: { type: 'CreateInvoice', invoice: snapshot, magicPayment, now },
          readYourWrites: { projection: INVOICES_PROJECTION },
          // An id minted just now names no stream yet (a keyed re-execution that meets its own finds it).
          newStream: command.options.invoiceId === undefined,
          claims,
        });
      })
      .catch((error: unknown) => {
        if (!(error instanceof PoolExhaustedError)) throw error;
        const { kind, channel } = channelOfPool(invoice, error.index);
        throw kind === 'va' ? InvoiceErrors.poolExhausted(channel) : InvoiceErrors.paymentCodeUnavailable(channel);
      });
    if (decision.state.status !== 'exists') throw InvoiceErrors.notFound(invoiceId);
    return decision.state.invoice;
  }

  /** `callback_virtual_account_id`: an active fixed VA of this business and mode that can take the amount. */
  private async fixedVirtualAccount(
    businessId: string,
    mode: 'test' | 'live',
    vaId: string,
    amount: number,
  ): Promise<FixedVirtualAccountRef> {
    const account = await this.queries.execute(new FindFixedVirtualAccountQuery(businessId, mode, vaId));
    if (!account || !account.payable) throw InvoiceErrors.callbackVirtualAccountNotFound(vaId);
    if (account.isClosed && account.expectedAmount !== amount)
      throw InvoiceErrors.callbackVirtualAccountAmount(account.expectedAmount ?? 0);
    return account;
  }

  /**
   * `fixed_va: true`: per offered bank (but the `callback_virtual_account_id` one), the customer's
   * fixed account, opened on first use by the virtual-accounts context. A bank without fixed
   * accounts for this business, or an account the merchant closed to another amount, keeps its
   * POOL number.
   */
  private async customerAccounts(
    command: CreateInvoiceCommand,
    methods: string[],
    callbackBank: string | undefined,
  ): Promise<Map<string, FixedVirtualAccountRef>> {
    const { businessId, mode, request } = command;
    if (!request.payerEmail?.trim()) throw InvoiceErrors.payerIdentityRequired();
    const banks = methods.filter((code) => category(code) === 'VIRTUAL_ACCOUNT' && code !== callbackBank);
    const accounts = await Promise.all(
      banks.map((bankCode) =>
        this.commands.execute(
          new OpenCustomerVirtualAccountCommand(businessId, mode, bankCode, request.payerEmail, command.context),
        ),
      ),
    );
    const usable = accounts.filter(
      (account): account is FixedVirtualAccountRef =>
        !!account && (!account.isClosed || account.expectedAmount === request.amount),
    );
    return new Map(usable.map((account) => [account.bankCode, account]));
  }

  /** Requested methods that exist and are enabled; none requested means every enabled channel. */
  private offeredMethods(requested: string[] | undefined, enabled: string[] | undefined): string[] {
    (requested ?? []).forEach((code, index) => {
      if (!isPaymentChannelCode(code)) throw InvoiceErrors.unknownPaymentMethod(code, index);
    });
    const wanted =
      requested && requested.length > 0 ? [...new Set(requested)] : PAYMENT_CHANNELS.map((channel) => channel.code);
    return wanted.filter(
      (code) =>
        isChannelEnabled(enabled, code) &&
        (category(code) !== 'RETAIL_OUTLET' || (INVOICE_RETAIL_OUTLETS as readonly string[]).includes(code)),
    );
  }

  /**
   * The spec's magic amount is "a successful non-fixed virtual account invoice payment": a simulated
   * transfer to the first POOL account the invoice offers. An invoice without one (retail outlets,
   * card or eWallets only, or only fixed accounts: `callback_virtual_account_id`, `fixed_va`) is not
   * paid by it and stays PENDING (issue 19, item 11).
   */
  private magicPayment(
    invoice: NewInvoiceSnapshot,
    feeSchedule: Parameters<typeof feeRuleFor>[1],
  ): PaymentInput | undefined {
    const bank = invoice.banks.find((offered) => offered.callbackVirtualAccountId === undefined);
    if (!bank) return undefined;
    const { fee, feeTax } = feeFor(invoice.amount, feeRuleFor(bank.bankCode, feeSchedule));
    return {
      method: 'BANK_TRANSFER',
      channel: bank.bankCode,
      destination: bank.accountNumber,
      paymentId: `pay_${invoice.invoiceId}`,
      amount: invoice.amount,
      fee,
      feeTax,
    };
  }
}

export function category(code: string) {
  return PAYMENT_CHANNELS.find((channel) => channel.code === code)?.category;
}
