// Pod viewer: a step slider and one stacked column per worker (host/device) with a details card on hover.
import { h, section, unavailable } from "../lib/dom.js";
import { formatMs } from "../lib/format.js";
import { responsive, stackedBarChart } from "../lib/charts.js";
import { standaloneView } from "../lib/view.js";

export function renderPodViewer(root, p, ctx) {
  const steps = p.steps || [];
  if (!steps.length) { root.append(unavailable("no steps")); return; }
  let chart = null;
  const label = h("span", { "data-testid": "pod-step-label" });
  const draw = (i) => {
    label.textContent = `step ${steps[i]} (${i + 1} of ${steps.length})`;
    const series = p.categories.map((name, c) => ({ name, values: p.workers.map((_, w) => p.values[i][w][c]) }));
    const drawChart = (width) => stackedBarChart({ labels: p.workers, series, yLabel: "time (ms)", xLabel: "worker",
      format: (v) => formatMs(v), tooltip: ctx.tooltip, testid: "pod-bars", width });
    if (chart) chart.setDraw(drawChart); else chart = responsive(drawChart, { testid: "pod-bars" });
  };
  const slider = h("input", { type: "range", min: 0, max: steps.length - 1, step: 1, value: 0, "data-testid": "pod-step",
    "aria-label": "Step", style: { width: "min(320px, 60vw)" }, oninput: (e) => draw(parseInt(e.target.value, 10)) });
  draw(0);
  root.append(h("div", { class: "nbp-toolbar" }, h("label", {}, "Step", slider), label));
  root.append(section("Step breakdown per worker", chart));
}

export default standaloneView(renderPodViewer);
