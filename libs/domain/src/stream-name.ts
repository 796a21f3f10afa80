/**
 * The streams of one category (design §3: one stream per aggregate instance, `<category>-<id>`,
 * the category before the first `-`). Defined once next to the aggregate's events, so code that
 * needs the id back (a projection, a report) asks the definition instead of cutting strings:
 * a renamed category then breaks nothing silently.
 */
export interface StreamCategory {
  readonly category: string;
  /** The stream of the aggregate instance `id`. */
  nameOf(id: string): string;
  /** Whether `streamName` is one of this category's streams. */
  owns(streamName: string): boolean;
  /** The id `nameOf` was given; throws for a stream of another category (a wiring mistake). */
  idOf(streamName: string): string;
}

export function streamCategory(category: string): StreamCategory {
  if (!/^[a-z][a-z0-9_]*$/.test(category)) {
    throw new Error(`Stream category "${category}" must be lowercase letters, digits or _`);
  }
  const prefix = `${category}-`;
  const owns = (streamName: string) => streamName.startsWith(prefix) && streamName.length > prefix.length;
  return {
    category,
    nameOf: (id) => {
      if (id === '') throw new Error(`A ${category} stream needs an id`);
      return prefix + id;
    },
    owns,
    idOf: (streamName) => {
      if (!owns(streamName)) throw new Error(`"${streamName}" is not a ${category} stream`);
      return streamName.slice(prefix.length);
    },
  };
}
