// CSS of the trace viewer, scoped under `.nbpt` (the shared `.nbp` variables give the colours).
export const TRACE_STYLES = `
.nbpt {
  --nbp-fg: var(--jp-ui-font-color1, #1f1f1f); --nbp-muted: var(--jp-ui-font-color2, #666);
  --nbp-bg: var(--jp-layout-color0, #fff); --nbp-bg2: var(--jp-layout-color2, #f2f2f2);
  --nbp-border: var(--jp-border-color2, #d0d0d0); --nbp-accent: var(--jp-brand-color1, #1976d2);
  --nbp-hover: rgba(25, 118, 210, 0.10);
  color: var(--nbp-fg); background: var(--nbp-bg); outline: none; user-select: none; position: relative;
  font-family: var(--jp-ui-font-family, system-ui, -apple-system, "Segoe UI", sans-serif); font-size: 13px;
  line-height: 1.4; box-sizing: border-box; padding: 4px 2px; width: 100%; max-width: 100%; min-width: 0;
}
.nbpt.nbpt-dark {
  --nbp-fg: var(--jp-ui-font-color1, #e6e6e6); --nbp-muted: var(--jp-ui-font-color2, #a8a8a8);
  --nbp-bg: var(--jp-layout-color0, #1e1e1e); --nbp-bg2: var(--jp-layout-color2, #2c2c2c);
  --nbp-border: var(--jp-border-color2, #4a4a4a); --nbp-accent: var(--jp-brand-color1, #64b5f6);
  --nbp-hover: rgba(100, 181, 246, 0.16);
}
.nbpt *, .nbpt *::before, .nbpt *::after { box-sizing: border-box; }
.nbpt button, .nbpt input { font: inherit; color: var(--nbp-fg); background: var(--nbp-bg);
  border: 1px solid var(--nbp-border); border-radius: 3px; padding: 2px 6px; }
.nbpt button { cursor: pointer; }
.nbpt button:hover { background: var(--nbp-hover); }
.nbpt :focus-visible { outline: 2px solid var(--nbp-accent); outline-offset: 1px; }
.nbpt-muted { color: var(--nbp-muted); }
.nbpt .nbpt-link { background: none; border: none; padding: 0; color: var(--nbp-accent); text-decoration: underline; }
.nbpt-toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 2px 0 6px; }
.nbpt-toolbar .nbpt-sep { width: 10px; }
.nbpt-tool.active { background: var(--nbp-accent); color: #fff; border-color: var(--nbp-accent); }
.nbpt-toolbar input[type=search] { flex: 0 1 200px; width: 200px; min-width: 90px; }
.nbpt-toolbar label { white-space: nowrap; }
.nbpt-status { color: var(--nbp-muted); font-size: 11px; margin-left: auto; min-width: 0; overflow-wrap: anywhere; }
.nbpt .nbpt-error { color: #c62828; }
.nbpt.nbpt-dark .nbpt-error { color: #ef9a9a; }
.nbpt-status button { margin-left: 6px; font-size: 11px; padding: 0 6px; }
.nbpt-main { display: flex; border: 1px solid var(--nbp-border); position: relative; overflow: hidden; min-width: 0; }
.nbpt-labels { width: 190px; flex: none; position: relative; overflow: hidden;
  background: var(--nbp-bg); font-size: 11px; }
.nbpt-split { width: 5px; flex: none; cursor: col-resize; background: var(--nbp-bg); border-left: 1px solid var(--nbp-border);
  position: relative; z-index: 2; }
.nbpt-split:hover, .nbpt-split.active, .nbpt-resize-y:hover, .nbpt-resize-y.active { background: var(--nbp-hover); }
.nbpt-resize-y { height: 7px; cursor: row-resize; border: 1px solid var(--nbp-border); border-top: none;
  background: linear-gradient(var(--nbp-border), var(--nbp-border)) center / 28px 1px no-repeat, var(--nbp-bg2); }
.nbpt-labels-inner { position: absolute; left: 0; right: 0; top: 0; }
.nbpt-sec { position: absolute; left: 0; right: 0; height: 20px; display: flex; align-items: center; gap: 2px;
  font-weight: 600; background: var(--nbp-bg2); white-space: nowrap; overflow: hidden; cursor: pointer; }
.nbpt-sec button { border: none !important; background: none !important; padding: 0 4px !important; width: 20px; }
.nbpt-track { position: absolute; left: 0; right: 0; padding: 1px 4px 0 16px; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; color: var(--nbp-fg); line-height: 16px; }
.nbpt-axis-pad { position: absolute; left: 0; right: 0; top: 0; background: var(--nbp-bg); z-index: 1;
  border-bottom: 1px solid var(--nbp-border); color: var(--nbp-muted); padding: 8px 4px; font-size: 11px; }
.nbpt-plot { flex: 1 1 0; position: relative; min-width: 100px; }
.nbpt-plot canvas { position: absolute; left: 0; top: 0; display: block; }
.nbpt-vscroll { width: 12px; flex: none; overflow-y: auto; overflow-x: hidden; }
.nbpt-details { border: 1px solid var(--nbp-border); border-top: none; padding: 6px 8px; min-height: 60px;
  max-height: 260px; overflow: auto; font-size: 12px; user-select: text; }
.nbpt-details-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 250px), 1fr)); gap: 12px; }
.nbpt-details-grid > div { min-width: 0; }
.nbpt-h { font-weight: 600; margin: 0 0 4px; overflow-wrap: anywhere; }
.nbpt-kv { width: 100%; table-layout: fixed; border-collapse: collapse; }
.nbpt-kv th { width: 34%; text-align: left; font-weight: normal; color: var(--nbp-muted); padding: 0 10px 0 0;
  vertical-align: top; overflow-wrap: anywhere; }
.nbpt-kv td { overflow-wrap: anywhere; }
.nbpt-agg { border-collapse: collapse; width: 100%; table-layout: fixed; }
.nbpt-agg col.nbpt-col-count { width: 64px; }
.nbpt-agg col.nbpt-col-total_ps, .nbpt-agg col.nbpt-col-avg_ps, .nbpt-agg col.nbpt-col-min_ps,
.nbpt-agg col.nbpt-col-max_ps { width: 82px; }
.nbpt-agg th { cursor: pointer; text-align: left; border-bottom: 1px solid var(--nbp-border); padding: 2px 6px;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.nbpt-agg td { padding: 1px 6px; border-bottom: 1px solid var(--nbp-bg2); white-space: nowrap; }
.nbpt-agg td.name { overflow: hidden; text-overflow: ellipsis; }
.nbpt-agg .num { text-align: right; font-variant-numeric: tabular-nums; }
.nbpt-help { position: absolute; right: 8px; top: 34px; z-index: 5; background: var(--nbp-bg); border: 1px solid var(--nbp-border);
  padding: 8px 12px; box-shadow: 0 2px 8px rgba(0,0,0,0.2); font-size: 12px; max-width: calc(100% - 16px); }
.nbpt-help table td:first-child { font-family: monospace; padding-right: 12px; }
.nbpt-tip { position: absolute; z-index: 4; pointer-events: none; background: var(--nbp-bg); color: var(--nbp-fg);
  border: 1px solid var(--nbp-border); padding: 3px 6px; font-size: 11px; max-width: 250px; word-break: break-all;
  box-shadow: 0 1px 4px rgba(0,0,0,0.2); }
.nbpt-flows { margin-top: 6px; display: flex; gap: 8px; flex-wrap: wrap; align-items: center; min-width: 0; }
.nbpt-flows .nbpt-link { text-align: left; overflow-wrap: anywhere; max-width: 100%; }
`;
