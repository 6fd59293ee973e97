import { useState } from "react";
import type { SavedTable } from "@fitwise/contracts/saved";
import { PageTitle } from "../../../components/PageTitle";
import { Tabs } from "../../../components/Tabs";
import { SavedList } from "./SavedList";

const TABS = [
  { key: "saved_diets", label: "Diets" },
  { key: "saved_workouts", label: "Workouts" },
] as const satisfies readonly { key: SavedTable; label: string }[];

/** /saved (docs/product.md §3): the signed-in user's saved diets and workouts, Diets first. */
export function SavedPage() {
  const [table, setTable] = useState<SavedTable>("saved_diets");
  return (
    <section>
      <PageTitle>Saved Plans</PageTitle>
      <Tabs<SavedTable> label="Saved plan type" items={TABS} selected={table} onSelect={setTable}>
        {/* A key per tab: switching remounts the list, so each tab's request and state start fresh. */}
        <SavedList key={table} table={table} />
      </Tabs>
    </section>
  );
}
