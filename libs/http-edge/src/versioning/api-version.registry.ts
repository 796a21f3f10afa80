/**
 * Each versioned resource declares its dated versions (spec: Versioning), e.g.
 *   declareApiVersions('customers', { versions: ['2020-05-19', '2020-10-31'], fallback: '2020-05-19' });
 * `fallback` is what applies when neither the request nor the account names a version.
 */
export interface ResourceVersions {
  versions: readonly string[];
  fallback: string;
  /**
   * The version an explicitly EMPTY header selects, whatever the account default. Customers need
   * it: the public client sends `API-VERSION: ''` when its caller names no version, and that has
   * always meant the original version (spec gaps). Unset: an empty header counts as absent.
   */
  emptyHeader?: string;
  /**
   * Other dates the spec gives one of the versions (alias → version): a request naming the alias
   * gets that version, and is recorded as made with it.
   */
  aliases?: Readonly<Record<string, string>>;
}

const registry = new Map<string, ResourceVersions>();

export function declareApiVersions(resource: string, declaration: ResourceVersions): void {
  if (!declaration.versions.includes(declaration.fallback)) {
    throw new Error(`API versions of ${resource}: the fallback ${declaration.fallback} is not one of its versions`);
  }
  if (declaration.emptyHeader !== undefined && !declaration.versions.includes(declaration.emptyHeader)) {
    throw new Error(
      `API versions of ${resource}: the empty-header version ${declaration.emptyHeader} is not one of its versions`,
    );
  }
  for (const [alias, version] of Object.entries(declaration.aliases ?? {})) {
    if (!declaration.versions.includes(version))
      throw new Error(
        `API versions of ${resource}: the alias ${alias} names ${version}, which is not one of its versions`,
      );
  }
  for (const version of [...declaration.versions, ...Object.keys(declaration.aliases ?? {})]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(version))
      throw new Error(`API versions of ${resource}: ${version} is not YYYY-MM-DD`);
  }
  registry.set(resource, { ...declaration, versions: [...declaration.versions].sort() });
}

export function versionsOf(resource: string): ResourceVersions | undefined {
  return registry.get(resource);
}

export function declaredResources(): string[] {
  return [...registry.keys()].sort();
}
