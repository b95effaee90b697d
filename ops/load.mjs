// Bounded load for ops/scale-out-test: RATE requests a second through the proxy until the file
// STOP_FILE exists, half of them writes (POST practice events, whose ids are kept when answered
// 2xx), half reads. Prints a JSON summary: every failure (non-2xx or network error) and the ids
// of acknowledged writes, so the caller can check none was lost.
import { existsSync, writeFileSync } from "node:fs";

const base = process.env.BASE;
const token = process.env.TOKEN;
const rate = Number(process.env.RATE ?? 250);
const stopFile = process.env.STOP_FILE;
const out = process.env.OUT;
const maxSeconds = Number(process.env.MAX_SECONDS ?? 120);
const maxInFlight = 64;

const acked = [];
const failures = [];
let sent = 0;
let inFlight = 0;
let ok = 0;

async function one(i) {
  const write = i % 2 === 0;
  const init = write
    ? {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ kind: "breathing_done" }),
      }
    : { headers: { authorization: `Bearer ${token}` } };
  const path = write ? "/_api/v1/practice/events" : "/_api/v1/swazprofile";
  try {
    const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15000) });
    const text = await res.text();
    if (res.status >= 200 && res.status < 300) {
      ok++;
      if (write) acked.push(JSON.parse(text).id);
    } else {
      failures.push({ path, status: res.status, body: text.slice(0, 200) });
    }
  } catch (err) {
    failures.push({ path, error: String(err?.cause ?? err) });
  }
}

const started = Date.now();
const pending = new Set();
while (!(stopFile && existsSync(stopFile)) && Date.now() - started < maxSeconds * 1000) {
  const due = Math.floor(((Date.now() - started) / 1000) * rate);
  while (sent < due && inFlight < maxInFlight) {
    inFlight++;
    const p = one(sent++).finally(() => {
      inFlight--;
      pending.delete(p);
    });
    pending.add(p);
  }
  await new Promise((r) => setTimeout(r, 5));
}
await Promise.all(pending);
const seconds = (Date.now() - started) / 1000;
const summary = {
  seconds,
  sent,
  ok,
  ratePerSecond: Math.round(sent / seconds),
  failed: failures.length,
  failures: failures.slice(0, 20),
  acked,
};
writeFileSync(out, JSON.stringify(summary));
console.log(
  `load: ${sent} requests in ${seconds.toFixed(1)} s (${summary.ratePerSecond}/s), ${ok} ok, ${failures.length} failed, ${acked.length} writes acknowledged`,
);
