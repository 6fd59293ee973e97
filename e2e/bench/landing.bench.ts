/**
 * A Lighthouse-style reading of the landing page, measured in Debian's Chromium (no Lighthouse binary or
 * download needed): Lighthouse's mobile conditions — 4× CPU slowdown, 150 ms RTT, 1.6 Mbps down /
 * 750 kbps up (Lighthouse "simulated throttling" defaults, applied here as real throttling through the
 * DevTools protocol) — at 390 × 844, cold cache, five loads, medians. Metrics: First Contentful Paint,
 * Largest Contentful Paint, Total Blocking Time (sum of long-task time over 50 ms after FCP), Cumulative
 * Layout Shift, bytes transferred. Accessibility: axe-core (the engine Lighthouse's accessibility audit
 * uses) on the same page. Good thresholds are Lighthouse's / web.dev's: FCP ≤ 1.8 s, LCP ≤ 2.5 s,
 * TBT ≤ 200 ms, CLS ≤ 0.1.
 *
 * Run after `npm run build`:  npm run bench:landing
 */
import AxeBuilder from "@axe-core/playwright";
import { launchBrowser } from "../support/browser";
import { startServer } from "../support/server";

const RUNS = 5;
const server = await startServer();
const browser = await launchBrowser();

interface Reading {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
}

async function measureOnce(): Promise<Reading> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const store = { lcp: 0, cls: 0, longTasks: [] as { start: number; duration: number }[] };
    (window as unknown as { __vitals: typeof store }).__vitals = store;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) store.cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        store.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  const reading = await page.evaluate(() => {
    const store = (
      window as unknown as {
        __vitals: { lcp: number; cls: number; longTasks: { start: number; duration: number }[] };
      }
    ).__vitals;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    const tbt = store.longTasks
      .filter((task) => task.start + task.duration > fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType("navigation")[0] as
      PerformanceNavigationTiming | undefined;
    const bytes = resources.reduce((sum, entry) => sum + entry.transferSize, navigation?.transferSize ?? 0);
    return { fcpMs: fcp, lcpMs: store.lcp, tbtMs: tbt, cls: store.cls, transferKb: bytes / 1024 };
  });
  await context.close();
  return reading;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

try {
  const readings: Reading[] = [];
  for (let run = 0; run < RUNS; run += 1) readings.push(await measureOnce());
  console.table(readings);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const axe = await new AxeBuilder({ page }).analyze();
  await context.close();

  const result = {
    runs: RUNS,
    fcpMs: Math.round(median(readings.map((r) => r.fcpMs))),
    lcpMs: Math.round(median(readings.map((r) => r.lcpMs))),
    tbtMs: Math.round(median(readings.map((r) => r.tbtMs))),
    cls: Number(median(readings.map((r) => r.cls)).toFixed(3)),
    transferKb: Number(median(readings.map((r) => r.transferKb)).toFixed(1)),
    axeRulesPassed: axe.passes.length,
    axeViolations: axe.violations.length,
  };
  console.log(
    `good thresholds: FCP ≤ 1800 ms ${result.fcpMs <= 1800 ? "yes" : "no"}, LCP ≤ 2500 ms ${result.lcpMs <= 2500 ? "yes" : "no"}, ` +
      `TBT ≤ 200 ms ${result.tbtMs <= 200 ? "yes" : "no"}, CLS ≤ 0.1 ${result.cls <= 0.1 ? "yes" : "no"}`,
  );
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.stop();
}
