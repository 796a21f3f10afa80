/**
 * Whether two snapshots of one instrument hold the same fields with the same values. Field order
 * is ignored; values are compared as their JSON text (snapshots hold strings, numbers, booleans
 * and small plain objects such as the origin).
 */
export function sameSnapshot(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => key in right && JSON.stringify(left[key]) === JSON.stringify(right[key]));
}
