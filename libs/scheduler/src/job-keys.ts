/**
 * The keys of one kind of job, `<name>:<part>[:<part>...]`, defined once. A key names one
 * occurrence (scheduling it again moves a pending job instead of adding one); code that looks
 * jobs up by key, SQL included (`prefix`), uses the same definition instead of re-spelling it.
 */
export interface JobKeys<Parts extends readonly (string | number)[]> {
  readonly name: string;
  /** `<name>:`: what SQL joins or matches on (`job_key = $1 || movement_id`). */
  readonly prefix: string;
  of(...parts: Parts): string;
}

export function jobKeys<Parts extends readonly (string | number)[]>(name: string): JobKeys<Parts> {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Job key name "${name}" must be lowercase letters, digits or -`);
  const prefix = `${name}:`;
  return { name, prefix, of: (...parts) => prefix + parts.join(':') };
}
