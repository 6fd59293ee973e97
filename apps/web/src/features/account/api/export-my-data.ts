import { callFunction } from "../../../lib/call-function";

/** export_my_data, saved as a JSON file by the browser. */
export async function downloadMyData(): Promise<void> {
  const data = await callFunction("export_my_data", {});
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `fitwise-my-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking later keeps slow browsers working.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
