import { GetBusinessQuery, GetSettingsQuery } from '@gateway/accounts';
import { isChannelEnabled, isPaymentChannelCode, PAYMENT_CHANNELS } from '@gateway/domain';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { AppConfig } from '@gateway/config';
import { IdGenerator } from '@gateway/runtime';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { invoiceDecider, type PaymentInput } from '../../domain/invoice.decider';
import { InvoiceErrors } from '../../domain/invoice.errors';
import {
  type InvoiceBank,
  type InvoiceRetailOutlet,
  type InvoiceSnapshot,
  invoiceStream,
} from '../../domain/invoice.events';
import {
  DEFAULT_INVOICE_DURATION_SECONDS,
  INVOICE_RETAIL_OUTLETS,
  invoiceAmountError,
  MAGIC_PAID_AMOUNTS,
} from '../../domain/invoice.rules';
import { INVOICES_PROJECTION } from '../../read-models/invoices.projection';
import { invoicePageUrl } from '../../domain/invoice.rules';
import { invoiceIdFrom, poolMerchantCode, retailPrefix } from '../invoice-identity';
import { PoolAllocator, PoolExhaustedError, type PoolRequest } from '../pool-allocator';
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
    const durationSeconds = request.invoiceDuration ?? DEFAULT_INVOICE_DURATION_SECONDS;
    const expiry = new Date(now.getTime() + durationSeconds * 1000);
    const merchantName = business?.name ?? businessId;
    const customerAccounts = request.fixedVa
      ? await this.customerAccounts(command, methods, fixedVa?.bankCode)
      : new Map<string, FixedVirtualAccountRef>();

    const bankCodes = methods.filter((code) => category(code) === 'VIRTUAL_ACCOUNT');
    const outlets = methods.filter((code) => category(code) === 'RETAIL_OUTLET');
    // The business's own fixed account (callback_virtual_account_id), or with fixed_va the
    // customer's, replaces the POOL number for its bank; paid like a callback VA.
    const fixedAccountOf = (bankCode: string) =>
      fixedVa?.bankCode === bankCode ? fixedVa : customerAccounts.get(bankCode);
    const pooledBanks = bankCodes.filter((bankCode) => !fixedAccountOf(bankCode));
    // Every POOL number and retail code is claimed in the invoice's own append (PoolAllocator),
    // in payment_methods order: banks, then retail outlets.
    const pools: PoolRequest[] = [
      ...pooledBanks.map((bankCode) => ({
        kind: 'va' as const,
        scope: `${businessId}.${mode}.${bankCode}`,
        prefix: poolMerchantCode(businessId, settings.virtualAccountRanges?.[bankCode]?.merchantCode),
      })),
      ...outlets.map((outlet) => ({
        kind: 'retail' as const,
        scope: `${mode}.${outlet}`,
        prefix: retailPrefix(businessId, settings.retailPaymentCodePrefix),
      })),
    ];
    const invoiceWith = (numbers: string[]): Omit<InvoiceSnapshot, 'status' | 'updatedAt'> => {
      const numberOf = new Map(pooledBanks.map((bankCode, index) => [bankCode, numbers[index]]));
      const banks: InvoiceBank[] = bankCodes.map((bankCode) => {
        const fixed = fixedAccountOf(bankCode);
        if (fixed)
          return {
            bankCode,
            accountNumber: fixed.accountNumber,
            transferAmount: request.amount,
            identityAmount: 0,
            accountHolderName: fixed.name,
            callbackVirtualAccountId: fixed.vaId,
          };
        return {
          bankCode,
          accountNumber: numberOf.get(bankCode)!,
          transferAmount: request.amount,
          identityAmount: 0,
          accountHolderName: merchantName,
        };
      });
      const retailOutlets: InvoiceRetailOutlet[] = outlets.map((outlet, index) => ({
        retailOutletName: outlet,
        paymentCode: numbers[pooledBanks.length + index],
        transferAmount: request.amount,
      }));
      return {
        invoiceId,
        businessId,
        mode,
        externalId: request.externalId,
        merchantName,
        payerEmail: request.payerEmail,
        description: request.description,
        amount: request.amount,
        currency: request.currency ?? 'IDR',
        paymentMethods: methods,
        banks,
        retailOutlets,
        shouldSendEmail: request.shouldSendEmail ?? false,
        shouldExcludeCreditCard: !methods.includes('CREDIT_CARD'),
        fixedVa: request.fixedVa ?? false,
        clientType: command.options.recurringPaymentId ? 'RECURRING' : 'API_GATEWAY',
        invoiceUrl: invoicePageUrl(command.options.publicBaseUrl ?? this.config.publicBaseUrl(), invoiceId),
        expiryDate: expiry.toISOString(),
        createdAt: now.toISOString(),
        ...(request.successRedirectUrl !== undefined && { successRedirectUrl: request.successRedirectUrl }),
        ...(request.failureRedirectUrl !== undefined && { failureRedirectUrl: request.failureRedirectUrl }),
        ...(request.callbackVirtualAccountId !== undefined && {
          callbackVirtualAccountId: request.callbackVirtualAccountId,
        }),
        ...(request.midLabel !== undefined && { midLabel: request.midLabel }),
        ...(request.items !== undefined && { items: request.items }),
        ...(command.options.recurringPaymentId !== undefined && {
          recurringPaymentId: command.options.recurringPaymentId,
        }),
      };
    };
    const decision = await this.pools
      .appendClaiming(invoiceId, pools, { until: expiry, at: now }, (numbers, claims) => {
        const invoice = invoiceWith(numbers);
        const magicPayment =
          mode === 'test' && MAGIC_PAID_AMOUNTS.includes(request.amount)
            ? this.magicPayment(invoice, settings.feeSchedule)
            : undefined;
        return this.pipeline.run({
          ...origin,
          at: now,
          stream: invoiceStream(invoiceId),
          decider: invoiceDecider,
          command: { type: 'CreateInvoice', invoice, magicPayment, now },
          readYourWrites: { projection: INVOICES_PROJECTION },
          // An id minted just now names no stream yet (a keyed re-execution that meets its own finds it).
          newStream: command.options.invoiceId === undefined,
          claims,
        });
      })
      .catch((error: unknown) => {
        if (!(error instanceof PoolExhaustedError)) throw error;
        const exhausted = pools[error.index];
        throw exhausted.kind === 'va'
          ? InvoiceErrors.poolExhausted(pooledBanks[error.index])
          : InvoiceErrors.paymentCodeUnavailable(outlets[error.index - pooledBanks.length]);
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
    invoice: Omit<InvoiceSnapshot, 'status' | 'updatedAt'>,
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
