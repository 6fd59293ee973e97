/** FNV-1a (32-bit): a stable hash so partitions and tie-breaks never depend on object order or Math.random. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A number in [0, 1) fixed by the seed and the key: the planner's only source of variety. */
export function seededUnit(seed: number, key: string): number {
  // Mulberry32 finaliser over the combined hash spreads nearby seeds apart.
  let value = (hashString(key) ^ Math.imul(seed | 0, 0x9e3779b1)) >>> 0;
  value = Math.imul(value ^ (value >>> 15), value | 1);
  value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
}

/**
 * Orders ids by UTF-16 code units. Unlike localeCompare it does not depend on the machine's locale or ICU data, so a
 * tie broken by id breaks the same way everywhere (and it is far cheaper in the planner's sorts).
 */
export function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
