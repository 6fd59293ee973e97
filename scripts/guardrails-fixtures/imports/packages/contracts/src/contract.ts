export const contractName = "contract";
