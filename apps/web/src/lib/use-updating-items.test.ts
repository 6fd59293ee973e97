import { describe, expect, it } from "vitest";
import { ITEM_UPDATING_EVENT, trackUpdatingItems } from "./use-updating-items";
import type { ItemUpdatingDetail } from "./use-updating-items";

function mark(target: EventTarget, detail: ItemUpdatingDetail | Record<string, unknown>): void {
  target.dispatchEvent(new CustomEvent(ITEM_UPDATING_EVENT, { detail }));
}

function follow(target: EventTarget) {
  const seen: string[][] = [];
  const stop = trackUpdatingItems(target, (ids) => seen.push([...ids]));
  return { seen, stop };
}

describe("trackUpdatingItems", () => {
  it("holds each id from its start to its end, one after another as the chat marks them", () => {
    const target = new EventTarget();
    const { seen } = follow(target);
    mark(target, { id: "a", updating: true });
    mark(target, { id: "a", updating: false });
    mark(target, { id: "b", updating: true });
    mark(target, { id: "c", updating: true });
    mark(target, { id: "b", updating: false });
    expect(seen).toEqual([["a"], [], ["b"], ["b", "c"], ["c"]]);
  });

  it("ignores repeated marks, malformed details and other events", () => {
    const target = new EventTarget();
    const { seen } = follow(target);
    mark(target, { id: "a", updating: true });
    mark(target, { id: "a", updating: true });
    mark(target, { id: "b", updating: false });
    mark(target, { id: 7, updating: true });
    mark(target, { id: "c" });
    target.dispatchEvent(new Event(ITEM_UPDATING_EVENT));
    target.dispatchEvent(new CustomEvent("other", { detail: { id: "d", updating: true } }));
    expect(seen).toEqual([["a"]]);
  });

  it("stops listening when stopped", () => {
    const target = new EventTarget();
    const { seen, stop } = follow(target);
    mark(target, { id: "a", updating: true });
    stop();
    mark(target, { id: "a", updating: false });
    expect(seen).toEqual([["a"]]);
  });
});
