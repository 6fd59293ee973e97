// Breaks contracts-above-apps: a contract importing an app.
import { gammaName } from "../../../apps/server/src/modules/gamma/gamma.service";

export const contractOfApp = `Contract of ${gammaName}`;
