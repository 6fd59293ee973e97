// Breaks engine-imports-nothing-of-ours.
import { contractName } from "../../contracts/src/contract";

export const engineName = `engine of ${contractName}`;
