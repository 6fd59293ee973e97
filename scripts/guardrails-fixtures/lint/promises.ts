// Each line below breaks one of the type-aware rules in eslint.config.js.
async function save(): Promise<void> {}

export function floating(): void {
  save(); // no-floating-promises
}

export function misused(items: string[]): void {
  items.forEach(async () => save()); // no-misused-promises
}

export async function awaitsAValue(): Promise<number> {
  return await 42; // await-thenable
}

export function asserts(name: string): string {
  return name as string; // no-unnecessary-type-assertion
}
