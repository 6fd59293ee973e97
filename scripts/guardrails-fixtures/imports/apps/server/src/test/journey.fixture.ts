// Breaks server-edge-below-modules: a shared test helper importing a module.
import { gammaName } from "../modules/gamma/gamma.service";

export const journeyName = `Journey through ${gammaName}`;
