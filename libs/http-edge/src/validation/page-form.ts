import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/**
 * A payer page's form body checked against its DTO, or undefined when it does not pass.
 *
 * Payer pages' routes (invoice page, 3DS page) take their body as `unknown` so the global
 * validation pipe (which answers the API's JSON `API_VALIDATION_ERROR`) leaves it alone, and check
 * it here instead: a payer whose form went wrong (an empty field, a body that is not a form at all)
 * gets the page again with a notice, never JSON (the rule of issue 19, item 9). A page never shows
 * which field failed: the payer did not type the field names, the page did.
 */
export async function readPageForm<T extends object>(dto: ClassConstructor<T>, body: unknown): Promise<T | undefined> {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const form = plainToInstance(dto, fields);
  const problems = await validate(form, { whitelist: true, forbidUnknownValues: true });
  return problems.length === 0 ? form : undefined;
}
