function it(t,e){for(let[i,a]of Object.entries(e||{}))a==null||a===!1||(i==="style"&&typeof a=="object"?Object.assign(t.style,a):i.startsWith("on")&&typeof a=="function"?t.addEventListener(i.slice(2),a):i==="dataset"?Object.assign(t.dataset,a):t.setAttribute(i==="className"?"class":i,a===!0?"":String(a)))}function at(t,e){for(let i of e.flat(1/0))i==null||i===!1||t.append(i instanceof Node?i:document.createTextNode(String(i)))}function n(t,e,...i){let a=document.createElement(t);return it(a,e),at(a,i),a}function I(t,...e){return n("section",{class:"nbp-section"},t?n("h3",{class:"nbp-h"},t):null,...e)}function A(t,e="unavailable"){return n("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}var lt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function st(t,e){let i=t.toFixed(e);return i.includes(".")?i.replace(/\.?0+$/,""):i}function _(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let i=Math.abs(t);for(let[a,r]of lt)if(i>=r||a==="ps")return`${st(t/r,e)} ${a}`;return`${t} ps`}function N(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function C(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function z(t,e,i){return Math.round(t+(e-t)*i)}function D(t){if(t==null||Number.isNaN(t))return"transparent";let e=Math.max(0,Math.min(1,t)),[i,a,r]=e<.5?[215,48,39]:[254,224,139],[l,s,c]=e<.5?[254,224,139]:[26,152,80],d=e<.5?e*2:(e-.5)*2;return`rgb(${z(i,l,d)}, ${z(a,s,d)}, ${z(r,c,d)})`}var T=60,y=18,B=10;function pt(t,e=0,i=T){if(t.length<=i+4)return[[t,!0]];if(i<2*y){let m=Math.max(1,Math.floor(i*.4));if(e+2<=i-1)return[[t.slice(0,i-1),!0],[t.slice(i-1),!1]];let h=Math.max(1,i-m-1);return[[t.slice(0,m),!0],[t.slice(m,t.length-h),!1],[t.slice(t.length-h),!0]]}let a=Math.min(24,Math.floor(i/3)),r=i-a;if(e+B<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-a),!1],[t.slice(t.length-a),!0]];let l=i-y,s=Math.min(e-B,t.length-l),c=s+l,d=[[t.slice(0,y),!0]];return s>y&&d.push([t.slice(y,s),!1]),d.push([t.slice(Math.max(y,s),c),!0]),c<t.length&&d.push([t.slice(c),!1]),d}function L(t,e=0,i=T){let a=t==null?"":String(t),r=pt(a,e,i),l=n("span",{class:"nbp-name",title:r.length>1?a:null,"data-full":r.length>1?"":null});for(let[s,c]of r)l.append(c?document.createTextNode(s):n("span",{class:"nbp-cut"},s));return l}function P(t,e,i,a){let r=n("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((m,h)=>n("label",{class:"nbp-menu-item"},n("input",{type:"checkbox",checked:e[h],disabled:h===0,"data-col":m.id,onchange:w=>i(h,w.target.checked)}),m.label))),l=()=>e.filter(m=>!m).length,s=n("summary",{"data-testid":`${a}-columns`}),c=n("details",{class:"nbp-chooser"},s,r),d=()=>{s.textContent=l()?`Columns (${l()} hidden)`:"Columns"};return d(),c.addEventListener("change",d),c.addEventListener("keydown",m=>{m.key==="Escape"&&(c.open=!1,s.focus())}),c}function j(t){return n("table",{},n("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,i])=>n("tr",{},n("td",{class:"nbp-muted"},e),n("td",{},i)))))}function F(t){let e=n("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(i,a,r){e.replaceChildren(n("div",{class:"nbp-tip-title"},a),j(r||[])),e.style.display="block";let l=t.getBoundingClientRect(),s=i.clientX-l.left+12,c=i.clientY-l.top+12,d=e.offsetWidth;s+d>l.width&&(s=Math.max(0,i.clientX-l.left-d-12)),e.style.left=`${s}px`,e.style.top=`${c}px`},hide(){e.style.display="none"},element:e}}var R=`
.nbp {
  --nbp-fg: var(--jp-ui-font-color1, #1f1f1f);
  --nbp-muted: var(--jp-ui-font-color2, #666);
  --nbp-bg: var(--jp-layout-color0, #fff);
  --nbp-bg2: var(--jp-layout-color2, #f2f2f2);
  --nbp-border: var(--jp-border-color2, #d0d0d0);
  --nbp-accent: var(--jp-brand-color1, #1976d2);
  --nbp-hover: rgba(25, 118, 210, 0.10);
  color: var(--nbp-fg); background: var(--nbp-bg);
  font-family: var(--jp-ui-font-family, system-ui, -apple-system, "Segoe UI", sans-serif);
  font-size: 13px; line-height: 1.4; position: relative; max-width: 100%; box-sizing: border-box;
  padding: 4px 2px;
}
.nbp.nbp-dark {
  --nbp-fg: var(--jp-ui-font-color1, #e6e6e6);
  --nbp-muted: var(--jp-ui-font-color2, #a8a8a8);
  --nbp-bg: var(--jp-layout-color0, #1e1e1e);
  --nbp-bg2: var(--jp-layout-color2, #2c2c2c);
  --nbp-border: var(--jp-border-color2, #4a4a4a);
  --nbp-accent: var(--jp-brand-color1, #64b5f6);
  --nbp-hover: rgba(100, 181, 246, 0.16);
}
.nbp *, .nbp *::before, .nbp *::after { box-sizing: border-box; }
.nbp-h { font-size: 14px; font-weight: 600; margin: 14px 0 6px; }
.nbp-title { font-size: 16px; font-weight: 600; margin: 2px 0 8px; }
.nbp-muted, .nbp-note { color: var(--nbp-muted); }
.nbp-note { font-size: 12px; margin: 4px 0; }
.nbp-na { color: var(--nbp-muted); font-style: italic; padding: 6px 0; }
.nbp-error { color: #c62828; }
.nbp-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.nbp-toolbar { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin: 6px 0; }
.nbp-toolbar label { display: inline-flex; gap: 4px; align-items: center; }
.nbp button, .nbp select, .nbp input { font: inherit; color: var(--nbp-fg); background: var(--nbp-bg);
  border: 1px solid var(--nbp-border); border-radius: 3px; padding: 2px 6px; }
.nbp button { cursor: pointer; }
.nbp button:hover { background: var(--nbp-hover); }
.nbp :focus-visible { outline: 2px solid var(--nbp-accent); outline-offset: 1px; }
.nbp-link { background: none !important; border: none !important; padding: 0 !important; color: var(--nbp-accent) !important;
  text-decoration: underline; cursor: pointer; }
.nbp-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px; }
.nbp-card { border: 1px solid var(--nbp-border); border-radius: 4px; padding: 6px 8px; background: var(--nbp-bg); }
.nbp-card-label { font-size: 12px; color: var(--nbp-muted); }
.nbp-card-value { font-size: 18px; font-weight: 600; }
.nbp-card-sub { font-size: 12px; color: var(--nbp-muted); }
.nbp-card.nbp-card-na .nbp-card-value { font-size: 13px; font-weight: normal; font-style: italic; color: var(--nbp-muted); }
.nbp-kv { border-collapse: collapse; }
.nbp-kv td { padding: 1px 10px 1px 0; vertical-align: top; }
.nbp-kv td:first-child { color: var(--nbp-muted); }
.nbp-table-box { container-type: inline-size; max-width: 100%; }
.nbp-table-wrap { max-height: 420px; max-width: 100%; overflow: auto; border: 1px solid var(--nbp-border); border-radius: 3px; }
.nbp-table { border-collapse: separate; border-spacing: 0; width: 100%; font-variant-numeric: tabular-nums; }
.nbp-table th, .nbp-table td { padding: 3px 6px; border-bottom: 1px solid var(--nbp-border); text-align: left;
  white-space: nowrap; max-width: 220px; overflow: hidden; text-overflow: ellipsis; }
.nbp-table th { position: sticky; top: 0; background: var(--nbp-bg2); font-weight: 600; z-index: 2; }
.nbp-table td.nbp-name-col, .nbp-table th.nbp-name-col { max-width: clamp(140px, 40cqw, 560px); }
.nbp-table td.nbp-sticky { position: sticky; left: 0; z-index: 1; background-color: var(--nbp-bg);
  box-shadow: inset -1px 0 0 var(--nbp-border); }
.nbp-table th.nbp-sticky { left: 0; z-index: 3; box-shadow: inset -1px 0 0 var(--nbp-border); }
.nbp-table tbody tr:hover td.nbp-sticky, .nbp-table tbody tr.nbp-selected td.nbp-sticky {
  background-image: linear-gradient(var(--nbp-hover), var(--nbp-hover)); }
.nbp-name .nbp-cut { font-size: 0; }
.nbp-name .nbp-cut::before { content: "…"; font-size: 13px; }
.nbp-chooser { position: relative; }
.nbp-chooser > summary { cursor: pointer; list-style: none; border: 1px solid var(--nbp-border); border-radius: 3px; padding: 2px 6px; }
.nbp-chooser > summary::-webkit-details-marker { display: none; }
.nbp-chooser > summary::after { content: " ▾"; }
.nbp-menu { position: absolute; z-index: 5; top: calc(100% + 2px); left: 0; min-width: 200px; max-width: min(360px, 90vw);
  max-height: 320px; overflow: auto; background: var(--nbp-bg); border: 1px solid var(--nbp-border); border-radius: 4px;
  padding: 4px 6px; box-shadow: 0 2px 8px rgba(0,0,0,0.25); }
.nbp-menu-item { display: flex; gap: 6px; align-items: center; padding: 1px 0; white-space: nowrap; }
.nbp-table th button { all: unset; cursor: pointer; display: inline-flex; gap: 3px; }
.nbp-table th button:focus-visible { outline: 2px solid var(--nbp-accent); }
.nbp-table td.nbp-num, .nbp-table th.nbp-num { text-align: right; }
.nbp-table tbody tr:hover, .nbp-table tbody tr.nbp-selected { background: var(--nbp-hover); }
.nbp-table tbody tr:focus { outline: 2px solid var(--nbp-accent); outline-offset: -2px; }
.nbp .nbp-expander { all: unset; cursor: pointer; display: inline-block; width: 1.1em; text-align: center; }
.nbp-tooltip { position: absolute; z-index: 10; pointer-events: none; max-width: 420px; background: var(--nbp-bg);
  color: var(--nbp-fg); border: 1px solid var(--nbp-border); border-radius: 4px; padding: 6px 8px;
  box-shadow: 0 2px 8px rgba(0,0,0,0.25); font-size: 12px; word-break: break-all; }
.nbp-tooltip .nbp-tip-title { font-weight: 600; margin-bottom: 3px; }
.nbp-tooltip table td { padding: 0 8px 0 0; vertical-align: top; }
.nbp-details { border: 1px solid var(--nbp-border); border-radius: 4px; padding: 6px 8px; margin-top: 8px; min-height: 40px;
  word-break: break-all; }
.nbp-legend { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 12px; max-width: 100%; }
.nbp-legend-item { display: inline-flex; align-items: center; gap: 4px; max-width: 100%; min-width: 0; white-space: nowrap; }
.nbp-legend-item > .nbp-name { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.nbp-legend-item .nbp-cut::before { font-size: 12px; }
.nbp-chart { width: 100%; max-width: 100%; overflow: hidden; }
.nbp-chart svg { display: block; }
.nbp-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; flex: none; }
.nbp svg text { fill: var(--nbp-fg); font-size: 11px; }
.nbp svg .nbp-axis line, .nbp svg .nbp-axis path { stroke: var(--nbp-muted); }
.nbp svg .nbp-grid { stroke: var(--nbp-border); stroke-dasharray: 2 3; }
.nbp-pie { display: flex; flex-direction: column; gap: 4px; width: 220px; max-width: 100%; }
.nbp-pie.nbp-pie-wide { width: auto; max-width: 100%; }
.nbp-pie-wide > .nbp-row { flex-wrap: nowrap; min-width: 0; }
.nbp-pie-wide svg { flex: none; }
.nbp-legend.nbp-legend-wide { flex-direction: column; flex-wrap: nowrap; min-width: 0; flex: 1 1 auto; }
@container nbp-panel (max-width: 520px) { .nbp-pie-wide > .nbp-row { flex-wrap: wrap; } }
.nbp-panel { container: nbp-panel / inline-size; min-width: 0; }
.nbp-tabs { display: flex; flex-wrap: nowrap; gap: 2px; border-bottom: 1px solid var(--nbp-border); margin-bottom: 6px;
  overflow: hidden; align-items: flex-end; }
.nbp-tab { flex: none; white-space: nowrap; }
.nbp-tab-more { flex: none; margin-left: auto; max-width: 180px; }
.nbp-tab-more.nbp-has-current { border-color: var(--nbp-accent) !important; font-weight: 600; }
.nbp-tab { border: 1px solid transparent !important; border-bottom: none !important; border-radius: 4px 4px 0 0 !important;
  padding: 4px 8px !important; background: none !important; }
.nbp-tab[aria-selected="true"] { border-color: var(--nbp-border) !important; background: var(--nbp-bg2) !important; font-weight: 600; }
.nbp-tab.nbp-tab-na { color: var(--nbp-muted) !important; }
.nbp-recommendation { border-left: 3px solid var(--nbp-accent); padding: 4px 8px; background: var(--nbp-bg2); }
.nbp-advice { margin: 0 0 8px; }
.nbp-banner { border-left: 3px solid #f9a825; background: rgba(249, 168, 37, 0.14); padding: 6px 8px; margin: 4px 0 8px; }
.nbp-banner code, .nbp-advice code { font-family: var(--jp-code-font-family, monospace); font-size: 12px; }
.nbp-notes { margin-top: 10px; font-size: 12px; color: var(--nbp-muted); }
.nbp-notes > summary { cursor: pointer; }
.nbp-notes li { margin: 2px 0; overflow-wrap: anywhere; }
.nbp select { max-width: 100%; text-overflow: ellipsis; }
.nbp-graph .nbp-node rect { fill: var(--nbp-bg2); stroke: var(--nbp-muted); }
.nbp-graph .nbp-node.nbp-critical rect { stroke-width: 2.5; stroke: var(--nbp-fg); }
.nbp-graph .nbp-node.nbp-critical text { font-weight: 700; }
.nbp-graph .nbp-node.nbp-bottleneck rect { stroke: #d32f2f; stroke-width: 3; }
.nbp-graph path { fill: none; stroke: var(--nbp-muted); }
.nbp-graph path.nbp-critical { stroke: var(--nbp-fg); stroke-width: 2.5; }
`;function dt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var U=!1;function ct(){if(U||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=R,document.head.append(t),U=!0}function q(t){ct(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",dt());e();let i=new MutationObserver(e);return i.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>i.disconnect()}function bt(t,e="banner"){if(!t||!t.text)return null;let i=(t.fixes||[]).flatMap((a,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",n("code",{},a)]);return n("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,i.length?[" Mark each step with",...i,"."]:null)}function G(t){return!t||!t.length?null:n("details",{class:"nbp-notes","data-testid":"notes"},n("summary",{},`Details (${t.length})`),n("ul",{},t.map(e=>n("li",{"data-testid":"note"},e))))}function H(t,e,i=120){if(!e)return;let a=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let l=0;r&&l<8;l++,r=r.parentElement){let s=r.previousElementSibling;if(s&&(s.matches(a)||s.querySelector(a))){s.style.display="none",s.dataset.nbprofHidden="true";return}}i>0&&requestAnimationFrame(()=>H(t,e,i-1))}function ut(t,e,i,a={}){let r=n("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let l=F(t);r.append(n("div",{class:"nbp-title"},e?.title||"nbprof"));let s=bt(e?.banner);if(s&&!a.bannerShown&&r.append(s),!e||e.available===!1){r.append(n("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let d=G(e?.notes);d&&r.append(d);return}e.advice&&r.append(n("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{i(r,e,{tooltip:l,...a})}catch(d){r.append(n("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${d}`)),console.error(d)}let c=G(e.notes);c&&r.append(c)}function V(t){return{render({model:e,el:i}){let a=n("div");i.append(a);let r=q(a),l=()=>ut(a,e.get("payload"),t);return l(),H(i,e.get("payload")?.static_id),e.on("change:payload",l),()=>{e.off("change:payload",l),r()}}}}var X={time:{label:"Time (highest first)",key:t=>-(t.time_ps||0)},self:{label:"Self time (highest first)",key:t=>-(t.self_time_ps||0)},flops:{label:"FLOPS utilisation (lowest first)",key:t=>t.flops_utilization??1/0},name:{label:"Name",key:t=>t.name}};function $(t){return t==null?"–":N(100*t,1)}var E=[["time_pct","Time %",t=>N(t.time_pct),!1],["time_ps","Time",t=>_(t.time_ps),!1],["self_time_ps","Self time",t=>_(t.self_time_ps),!1],["flops_utilization","FLOPS util.",t=>$(t.flops_utilization),!1],["bandwidth_utilization","Bandwidth util.",t=>$(t.bandwidth_utilization),!1],["occurrences","Occurrences",t=>C(t.occurrences),!0],["tf_op","Framework op",t=>t.tf_op||"",!0]];function ft(t){let e=t.rows.map(r=>Object.fromEntries(t.fields.map((l,s)=>[l,r[s]]))),i=new Map(e.map(r=>[r.node_id,{...r,children:[]}])),a=[];for(let r of i.values()){let l=i.get(r.parent_id);l&&l!==r?l.children.push(r):a.push(r)}return a}function mt(t){return t.source_file?t.source_line!==null&&t.source_line!==void 0?`${t.source_file}:${t.source_line}`:t.source_file:null}function xt(t){return[["Category",t.category],["Program",t.program],["Time",`${_(t.time_ps)} (${N(t.time_pct)})`],["Self time",_(t.self_time_ps)],["Occurrences",C(t.occurrences)],["FLOPs",t.flops?C(t.flops):null],["FLOPS utilisation",$(t.flops_utilization)],["Memory bandwidth utilisation",$(t.bandwidth_utilization)],["Framework op",t.tf_op],["Source",mt(t)],["Expression",t.expression],["Shape",t.shape],["Layout",t.layout]]}function ht(t,e,i){let a=Object.keys(e.trees||{});if(!a.length){t.append(A("no XLA ops"));return}let r={by:e.default_by&&e.trees[e.default_by]?e.default_by:a[0],topN:e.top_n||10,sort:"time",expanded:new Set,selected:null,idle:!1},l=E.map(o=>!o[3]),s=[],c=n("div",{class:"nbp-details","data-testid":"op-details","aria-live":"polite"},n("span",{class:"nbp-muted"},"Hover or select an op to see its details.")),d=n("tr"),m=n("tbody"),h=n("table",{class:"nbp-table",role:"treegrid","data-testid":"op-tree"},n("thead",{},d),m);function w(o){c.replaceChildren(n("div",{class:"nbp-tip-title","data-testid":"op-details-name"},o.name),j(xt(o)))}function k(o){r.expanded.has(o.node_id)?r.expanded.delete(o.node_id):r.expanded.add(o.node_id),g(),m.querySelector(`tr[data-id="${CSS.escape(String(o.node_id))}"]`)?.focus()}function Y(o,p){let[,,f]=E.find(u=>u[0]===o);if(o==="flops_utilization"){let u=p.flops_utilization;return n("td",{class:"nbp-num","data-testid":"op-flops-util","data-util":u??"",style:u==null?{}:{background:D(u),color:"#111"}},f(p))}return o==="tf_op"?n("td",{title:p.tf_op||""},L(p.tf_op||"")):n("td",{class:"nbp-num","data-testid":o==="time_pct"?"op-time-pct":null},f(p))}function W(o,p){let f=o.children.length>0,u=r.expanded.has(o.node_id),S=f?n("button",{type:"button",class:"nbp-expander",tabindex:"-1","aria-label":u?"Collapse":"Expand","data-testid":"expander",onclick:b=>{b.stopPropagation(),k(o)}},u?"▾":"▸"):n("span",{class:"nbp-expander"},""),v=L(o.name);v.dataset.testid="op-name";let x=n("tr",{tabindex:"0",role:"row","data-testid":"op-row","data-id":o.node_id,"data-level":o.level,"aria-level":p+1,"aria-expanded":f?String(u):null,class:r.selected===o.node_id?"nbp-selected":""},n("td",{class:"nbp-sticky nbp-name-col",title:o.name,style:{paddingLeft:`${6+p*14}px`}},S,v),E.map(([b],ot)=>l[ot]?Y(b,o):null));return x.addEventListener("mouseenter",()=>w(o)),x.addEventListener("focus",()=>w(o)),x.addEventListener("click",()=>{r.selected=o.node_id,w(o),f?k(o):g()}),x.addEventListener("keydown",b=>{b.key==="ArrowRight"&&f&&!u||b.key==="ArrowLeft"&&f&&u?(b.preventDefault(),k(o)):b.key==="Enter"||b.key===" "?(b.preventDefault(),r.selected=o.node_id,w(o),f&&k(o)):b.key==="ArrowDown"&&x.nextElementSibling?(b.preventDefault(),x.nextElementSibling.focus()):b.key==="ArrowUp"&&x.previousElementSibling&&(b.preventDefault(),x.previousElementSibling.focus())}),x}function O(o,p,f){if(f.push(W(o,p)),!r.expanded.has(o.node_id))return;let u=X[r.sort].key,S=o.children.slice().sort((x,b)=>u(x)<u(b)?-1:u(x)>u(b)?1:0),v=o.level>=1&&r.topN>0?r.topN:1/0;S.slice(0,v).forEach(x=>O(x,p+1,f)),S.length>v&&f.push(n("tr",{class:"nbp-muted","data-testid":"op-more"},n("td",{class:"nbp-sticky",colspan:1+l.filter(Boolean).length,style:{paddingLeft:`${22+(p+1)*14}px`}},`… ${S.length-v} more ops (raise "Top N" to see them)`)))}function g(){d.replaceChildren(n("th",{class:"nbp-sticky nbp-name-col"},"Name"),...E.map(([,p,,],f)=>l[f]?n("th",{class:f<6?"nbp-num":""},p):null).filter(Boolean));let o=[];s.forEach(p=>O(p,0,o)),m.replaceChildren(...o)}function K(){return r.idle&&e.idle_trees?e.idle_trees:e.trees}function M(){s=ft(K()[r.by]),r.expanded=new Set(s.map(o=>o.node_id)),g()}let J=n("select",{"data-testid":"op-by","aria-label":"Group ops by",onchange:o=>{r.by=o.target.value,M()}},a.map(o=>n("option",{value:o,selected:o===r.by},o==="program"?"Program":"Category"))),Q=n("input",{type:"number",min:0,step:1,value:r.topN,style:{width:"5em"},"data-testid":"op-topn","aria-label":"Top N ops per group",onchange:o=>{let p=Math.max(0,parseInt(o.target.value||"0",10));p!==r.topN&&(r.topN=p,g())}}),Z=n("select",{"data-testid":"op-sort","aria-label":"Sort ops by",onchange:o=>{r.sort=o.target.value,g()}},Object.entries(X).map(([o,p])=>n("option",{value:o},p.label))),tt=e.idle_trees?n("label",{title:"Count the device's idle time in the root and show it as an IDLE node"},n("input",{type:"checkbox","data-testid":"op-include-idle",onchange:o=>{r.idle=o.target.checked,M()}}),"Include idle time"):null,et=n("button",{type:"button","data-testid":"op-expand-all",onclick:()=>{let o=p=>{p.children.length&&(r.expanded.add(p.node_id),p.children.forEach(o))};s.forEach(o),g()}},"Expand all"),nt=n("button",{type:"button",onclick:()=>{r.expanded=new Set(s.map(o=>o.node_id)),g()}},"Collapse all"),rt=P([{id:"name",label:"Name"},...E.map(([o,p])=>({id:o,label:p}))],[!0,...l],(o,p)=>{l[o-1]=p,g()},"op-tree");t.append(n("div",{class:"nbp-toolbar"},n("label",{},"Group by",J),n("label",{},"Top N ops per group",Q),n("label",{},"Sort by",Z),tt,et,nt,rt)),e.summary&&e.summary.length&&t.append(n("table",{class:"nbp-kv","data-testid":"op-summary"},n("tbody",{},e.summary.map(([o,p])=>n("tr",{},n("td",{},o),n("td",{},p)))))),t.append(I(null,n("div",{class:"nbp-table-box"},n("div",{class:"nbp-table-wrap",style:{maxHeight:"460px"},"data-testid":"op-tree-scroller"},h)),c)),M()}var Vt=V(ht);export{ft as buildTree,Vt as default,ht as renderOpProfile};
