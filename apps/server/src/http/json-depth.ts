/**
 * How deeply a parsed JSON value nests: 0 for a scalar, 1 for an object or array of scalars.
 * Iterative, so a hostile value cannot overflow the stack measuring it; stops counting past `stopAt`.
 */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return deepest;
}

/**
 * The deepest JSON body any route accepts. The deepest real one, a saved plan, nests 4 levels
 * (body, diet_one, item, a list inside it); 32 leaves room while keeping validators and
 * serialisers far from their recursion limits (a 5,000-deep body used to answer 500).
 */
export const MAX_JSON_BODY_DEPTH = 32;
