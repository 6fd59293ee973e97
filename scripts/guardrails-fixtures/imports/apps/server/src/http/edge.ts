// Breaks server-edge-below-modules: the HTTP layer importing a module.
import { gammaName } from "../modules/gamma/gamma.service";

export const edgeName = `Edge of ${gammaName}`;
