// Unit formatting shared by all views. Times in ps unless a function name says otherwise.
const TIME_UNITS = [
  ["s", 1e12],
  ["ms", 1e9],
  ["µs", 1e6],
  ["ns", 1e3],
  ["ps", 1],
];

function trim(value, digits) {
  const text = value.toFixed(digits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** 1234567 -> "1.235 µs" (picoseconds in, best unit out); zero is "0" (no unit to disagree with its neighbours). */
export function formatPs(ps, digits = 3) {
  if (ps === null || ps === undefined || Number.isNaN(ps)) return "–";
  if (ps === 0) return "0";
  const abs = Math.abs(ps);
  for (const [unit, scale] of TIME_UNITS) {
    if (abs >= scale || unit === "ps") return `${trim(ps / scale, digits)} ${unit}`;
  }
  return `${ps} ps`;
}
export const formatNs = (ns, digits) => formatPs(ns * 1e3, digits);
export const formatUs = (us, digits) => formatPs(us * 1e6, digits);
export const formatMs = (ms, digits) => formatPs(ms * 1e9, digits);

const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];
/** 1536 -> "1.50 KiB" */
export function formatBytes(bytes, digits = 2) {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return "–";
  let value = Number(bytes);
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** 12.3456 -> "12.35%" (input already in percent, 0-100). */
export function formatPct(pct, digits = 2) {
  if (pct === null || pct === undefined || Number.isNaN(pct)) return "–";
  return `${Number(pct).toFixed(digits)}%`;
}

/** 1234567.8 -> "1,234,568"; small floats keep `digits` decimals. */
export function formatNumber(value, digits = 3) {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  if (typeof value !== "number") return String(value);
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  return value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** FLOP rate in GFLOP/s -> "12.3 GFLOP/s" / "1.2 TFLOP/s". */
export function formatGflops(gflops) {
  if (gflops === null || gflops === undefined || Number.isNaN(gflops)) return "–";
  if (gflops >= 1000) return `${trim(gflops / 1000, 2)} TFLOP/s`;
  if (gflops < 1 && gflops > 0) return `${trim(gflops * 1000, 2)} MFLOP/s`;
  return `${trim(gflops, 2)} GFLOP/s`;
}

/** Format a value by its type (see nbprof/widgets/payloads/_common.py). Table columns carry the unit
 * in their header, so times there are bare numbers; `withUnit` (cards, key-value lists) adds it. */
export function formatCell(value, type, withUnit = false) {
  if (value === null || value === undefined) return "";
  switch (type) {
    case "ps": return formatPs(value);
    case "us": return withUnit ? formatUs(value) : formatNumber(value, 3);
    case "ms": return withUnit ? formatMs(value) : formatNumber(value, 3);
    case "pct": return formatPct(value);
    case "frac": return formatPct(value * 100, 1);
    case "bytes": return formatBytes(value);
    case "int": return formatNumber(value);
    case "num": return formatNumber(value);
    case "bool": return value ? "yes" : "no";
    default: return String(value);
  }
}
