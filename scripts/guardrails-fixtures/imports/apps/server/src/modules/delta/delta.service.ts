// With gamma/gamma-uses-delta.ts, breaks server-modules-acyclic: gamma and delta use each other, through
// different files, so no file is in a cycle and only the folder-level rule sees it.
import { gammaName } from "../gamma/gamma.service";

export const deltaName = `Delta after ${gammaName}`;
