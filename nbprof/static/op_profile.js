function oe(e,t){for(let[a,i]of Object.entries(t||{}))i==null||i===!1||(a==="style"&&typeof i=="object"?Object.assign(e.style,i):a.startsWith("on")&&typeof i=="function"?e.addEventListener(a.slice(2),i):a==="dataset"?Object.assign(e.dataset,i):e.setAttribute(a==="className"?"class":a,i===!0?"":String(i)))}function ae(e,t){for(let a of t.flat(1/0))a==null||a===!1||e.append(a instanceof Node?a:document.createTextNode(String(a)))}function r(e,t,...a){let i=document.createElement(e);return oe(i,t),ae(i,a),i}function D(e,...t){return r("section",{class:"nbp-section"},e?r("h3",{class:"nbp-h"},e):null,...t)}function A(e,t="unavailable"){return r("div",{class:"nbp-na","data-testid":t},"Not available",e?": "+e:"")}var ie=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function le(e,t){let a=e.toFixed(t);return a.includes(".")?a.replace(/\.?0+$/,""):a}function _(e,t=3){if(e==null||Number.isNaN(e))return"–";if(e===0)return"0";let a=Math.abs(e);for(let[i,n]of ie)if(a>=n||i==="ps")return`${le(e/n,t)} ${i}`;return`${e} ps`}function N(e,t=2){return e==null||Number.isNaN(e)?"–":`${Number(e).toFixed(t)}%`}function L(e,t=3){return e==null||Number.isNaN(e)?"–":typeof e!="number"?String(e):Number.isInteger(e)?e.toLocaleString("en-US"):e.toLocaleString("en-US",{maximumFractionDigits:t})}function T(e,t,a){return Math.round(e+(t-e)*a)}function B(e){if(e==null||Number.isNaN(e))return"transparent";let t=Math.max(0,Math.min(1,e)),[a,i,n]=t<.5?[215,48,39]:[254,224,139],[l,p,c]=t<.5?[254,224,139]:[26,152,80],d=t<.5?t*2:(t-.5)*2;return`rgb(${T(a,l,d)}, ${T(i,p,d)}, ${T(n,c,d)})`}var M=60,g=18,I=10;function se(e,t=0,a=M){if(e.length<=a)return[[e,!0]];if(a<2*g)return[[e.slice(0,Math.max(1,a-1)),!0],[e.slice(Math.max(1,a-1)),!1]];let i=Math.min(24,a-g),n=a-i;if(t+I<=n)return[[e.slice(0,n),!0],[e.slice(n,e.length-i),!1],[e.slice(e.length-i),!0]];let l=a-g,p=Math.min(t-I,e.length-l),c=p+l,d=[[e.slice(0,g),!0]];return p>g&&d.push([e.slice(g,p),!1]),d.push([e.slice(Math.max(g,p),c),!0]),c<e.length&&d.push([e.slice(c),!1]),d}function C(e,t=0,a=M){let i=e==null?"":String(e),n=se(i,t,a),l=r("span",{class:"nbp-name",title:n.length>1?i:null,"data-full":n.length>1?"":null});for(let[p,c]of n)l.append(c?document.createTextNode(p):r("span",{class:"nbp-cut"},p));return l}function P(e,t,a,i){let n=r("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},e.map((x,v)=>r("label",{class:"nbp-menu-item"},r("input",{type:"checkbox",checked:t[v],disabled:v===0,"data-col":x.id,onchange:w=>a(v,w.target.checked)}),x.label))),l=()=>t.filter(x=>!x).length,p=r("summary",{"data-testid":`${i}-columns`}),c=r("details",{class:"nbp-chooser"},p,n),d=()=>{p.textContent=l()?`Columns (${l()} hidden)`:"Columns"};return d(),c.addEventListener("change",d),c.addEventListener("keydown",x=>{x.key==="Escape"&&(c.open=!1,p.focus())}),c}function j(e){return r("table",{},r("tbody",{},e.filter(t=>t[1]!==void 0&&t[1]!==null&&t[1]!=="").map(([t,a])=>r("tr",{},r("td",{class:"nbp-muted"},t),r("td",{},a)))))}function F(e){let t=r("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return e.append(t),{show(a,i,n){t.replaceChildren(r("div",{class:"nbp-tip-title"},i),j(n||[])),t.style.display="block";let l=e.getBoundingClientRect(),p=a.clientX-l.left+12,c=a.clientY-l.top+12,d=t.offsetWidth;p+d>l.width&&(p=Math.max(0,a.clientX-l.left-d-12)),t.style.left=`${p}px`,t.style.top=`${c}px`},hide(){t.style.display="none"},element:t}}var R=`
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
.nbp-table td.nbp-name-col, .nbp-table th.nbp-name-col { max-width: clamp(140px, 46cqw, 560px); }
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
`;function pe(){let e=document.body,t=e.dataset.jpThemeLight;return t!==void 0?t==="false":e.classList.contains("vscode-dark")||e.classList.contains("dark")?!0:e.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var U=!1;function de(){if(U||document.getElementById("nbprof-styles"))return;let e=document.createElement("style");e.id="nbprof-styles",e.textContent=R,document.head.append(e),U=!0}function G(e){de(),e.classList.add("nbp");let t=()=>e.classList.toggle("nbp-dark",pe());t();let a=new MutationObserver(t);return a.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>a.disconnect()}function ce(e,t="banner"){if(!e||!e.text)return null;let a=(e.fixes||[]).flatMap((i,n)=>[n?n===e.fixes.length-1?" or ":", ":" ",r("code",{},i)]);return r("div",{class:"nbp-banner",role:"note","data-testid":t},e.text,a.length?[" Mark each step with",...a,"."]:null)}function q(e){return!e||!e.length?null:r("details",{class:"nbp-notes","data-testid":"notes"},r("summary",{},`Details (${e.length})`),r("ul",{},e.map(t=>r("li",{"data-testid":"note"},t))))}function be(e,t){if(!t)return;let a=e;for(let i=0;a&&i<8;i++,a=a.parentElement){let n=a.previousElementSibling;if(!n)continue;if(n.matches(`[data-nbprof-id="${CSS.escape(t)}"]`)?n:n.querySelector(`[data-nbprof-id="${CSS.escape(t)}"]`)){n.style.display="none",n.dataset.nbprofHidden="true";return}}}function ue(e,t,a,i={}){let n=r("div",{class:"nbp-panel","data-testid":`panel-${t?.tool||"unknown"}`});e.replaceChildren(n);let l=F(e);n.append(r("div",{class:"nbp-title"},t?.title||"nbprof"));let p=ce(t?.banner);if(p&&!i.bannerShown&&n.append(p),!t||t.available===!1){n.append(r("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",t?.reason||"no data"));let d=q(t?.notes);d&&n.append(d);return}t.advice&&n.append(r("p",{class:"nbp-advice","data-testid":"advice"},t.advice));try{a(n,t,{tooltip:l,...i})}catch(d){n.append(r("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${d}`)),console.error(d)}let c=q(t.notes);c&&n.append(c)}function H(e){return{render({model:t,el:a}){let i=r("div");a.append(i);let n=G(i),l=()=>ue(i,t.get("payload"),e);return l(),be(a,t.get("payload")?.static_id),t.on("change:payload",l),()=>{t.off("change:payload",l),n()}}}}var V={time:{label:"Time (highest first)",key:e=>-(e.time_ps||0)},self:{label:"Self time (highest first)",key:e=>-(e.self_time_ps||0)},flops:{label:"FLOPS utilisation (lowest first)",key:e=>e.flops_utilization??1/0},name:{label:"Name",key:e=>e.name}};function $(e){return e==null?"–":N(100*e,1)}var E=[["time_pct","Time %",e=>N(e.time_pct),!1],["time_ps","Time",e=>_(e.time_ps),!1],["self_time_ps","Self time",e=>_(e.self_time_ps),!1],["flops_utilization","FLOPS util.",e=>$(e.flops_utilization),!1],["bandwidth_utilization","Bandwidth util.",e=>$(e.bandwidth_utilization),!1],["occurrences","Occurrences",e=>L(e.occurrences),!0],["tf_op","Framework op",e=>e.tf_op||"",!0]];function fe(e){let t=e.rows.map(n=>Object.fromEntries(e.fields.map((l,p)=>[l,n[p]]))),a=new Map(t.map(n=>[n.node_id,{...n,children:[]}])),i=[];for(let n of a.values()){let l=a.get(n.parent_id);l&&l!==n?l.children.push(n):i.push(n)}return i}function me(e){return e.source_file?e.source_line!==null&&e.source_line!==void 0?`${e.source_file}:${e.source_line}`:e.source_file:null}function xe(e){return[["Category",e.category],["Program",e.program],["Time",`${_(e.time_ps)} (${N(e.time_pct)})`],["Self time",_(e.self_time_ps)],["Occurrences",L(e.occurrences)],["FLOPs",e.flops?L(e.flops):null],["FLOPS utilisation",$(e.flops_utilization)],["Memory bandwidth utilisation",$(e.bandwidth_utilization)],["Framework op",e.tf_op],["Source",me(e)],["Expression",e.expression],["Shape",e.shape],["Layout",e.layout]]}function he(e,t,a){let i=Object.keys(t.trees||{});if(!i.length){e.append(A("no XLA ops"));return}let n={by:t.default_by&&t.trees[t.default_by]?t.default_by:i[0],topN:t.top_n||10,sort:"time",expanded:new Set,selected:null,idle:!1},l=E.map(o=>!o[3]),p=[],c=r("div",{class:"nbp-details","data-testid":"op-details","aria-live":"polite"},r("span",{class:"nbp-muted"},"Hover or select an op to see its details.")),d=r("tr"),x=r("tbody"),v=r("table",{class:"nbp-table",role:"treegrid","data-testid":"op-tree"},r("thead",{},d),x);function w(o){c.replaceChildren(r("div",{class:"nbp-tip-title","data-testid":"op-details-name"},o.name),j(xe(o)))}function k(o){n.expanded.has(o.node_id)?n.expanded.delete(o.node_id):n.expanded.add(o.node_id),h(),x.querySelector(`tr[data-id="${CSS.escape(String(o.node_id))}"]`)?.focus()}function X(o,s){let[,,f]=E.find(u=>u[0]===o);if(o==="flops_utilization"){let u=s.flops_utilization;return r("td",{class:"nbp-num","data-testid":"op-flops-util","data-util":u??"",style:u==null?{}:{background:B(u),color:"#111"}},f(s))}return o==="tf_op"?r("td",{title:s.tf_op||""},C(s.tf_op||"")):r("td",{class:"nbp-num","data-testid":o==="time_pct"?"op-time-pct":null},f(s))}function Y(o,s){let f=o.children.length>0,u=n.expanded.has(o.node_id),S=f?r("button",{type:"button",class:"nbp-expander",tabindex:"-1","aria-label":u?"Collapse":"Expand","data-testid":"expander",onclick:b=>{b.stopPropagation(),k(o)}},u?"▾":"▸"):r("span",{class:"nbp-expander"},""),y=C(o.name);y.dataset.testid="op-name";let m=r("tr",{tabindex:"0",role:"row","data-testid":"op-row","data-id":o.node_id,"data-level":o.level,"aria-level":s+1,"aria-expanded":f?String(u):null,class:n.selected===o.node_id?"nbp-selected":""},r("td",{class:"nbp-sticky nbp-name-col",title:o.name,style:{paddingLeft:`${6+s*14}px`}},S,y),E.map(([b],re)=>l[re]?X(b,o):null));return m.addEventListener("mouseenter",()=>w(o)),m.addEventListener("focus",()=>w(o)),m.addEventListener("click",()=>{n.selected=o.node_id,w(o),f?k(o):h()}),m.addEventListener("keydown",b=>{b.key==="ArrowRight"&&f&&!u||b.key==="ArrowLeft"&&f&&u?(b.preventDefault(),k(o)):b.key==="Enter"||b.key===" "?(b.preventDefault(),n.selected=o.node_id,w(o),f&&k(o)):b.key==="ArrowDown"&&m.nextElementSibling?(b.preventDefault(),m.nextElementSibling.focus()):b.key==="ArrowUp"&&m.previousElementSibling&&(b.preventDefault(),m.previousElementSibling.focus())}),m}function O(o,s,f){if(f.push(Y(o,s)),!n.expanded.has(o.node_id))return;let u=V[n.sort].key,S=o.children.slice().sort((m,b)=>u(m)<u(b)?-1:u(m)>u(b)?1:0),y=o.level>=1&&n.topN>0?n.topN:1/0;S.slice(0,y).forEach(m=>O(m,s+1,f)),S.length>y&&f.push(r("tr",{class:"nbp-muted","data-testid":"op-more"},r("td",{class:"nbp-sticky",colspan:1+l.filter(Boolean).length,style:{paddingLeft:`${22+(s+1)*14}px`}},`… ${S.length-y} more ops (raise "Top N" to see them)`)))}function h(){d.replaceChildren(r("th",{class:"nbp-sticky nbp-name-col"},"Name"),...E.map(([,s,,],f)=>l[f]?r("th",{class:f<6?"nbp-num":""},s):null).filter(Boolean));let o=[];p.forEach(s=>O(s,0,o)),x.replaceChildren(...o)}function K(){return n.idle&&t.idle_trees?t.idle_trees:t.trees}function z(){p=fe(K()[n.by]),n.expanded=new Set(p.map(o=>o.node_id)),h()}let W=r("select",{"data-testid":"op-by","aria-label":"Group ops by",onchange:o=>{n.by=o.target.value,z()}},i.map(o=>r("option",{value:o,selected:o===n.by},o==="program"?"Program":"Category"))),J=r("input",{type:"number",min:0,step:1,value:n.topN,style:{width:"5em"},"data-testid":"op-topn","aria-label":"Top N ops per group",onchange:o=>{let s=Math.max(0,parseInt(o.target.value||"0",10));s!==n.topN&&(n.topN=s,h())}}),Q=r("select",{"data-testid":"op-sort","aria-label":"Sort ops by",onchange:o=>{n.sort=o.target.value,h()}},Object.entries(V).map(([o,s])=>r("option",{value:o},s.label))),Z=t.idle_trees?r("label",{title:"Count the device's idle time in the root and show it as an IDLE node"},r("input",{type:"checkbox","data-testid":"op-include-idle",onchange:o=>{n.idle=o.target.checked,z()}}),"Include idle time"):null,ee=r("button",{type:"button","data-testid":"op-expand-all",onclick:()=>{let o=s=>{s.children.length&&(n.expanded.add(s.node_id),s.children.forEach(o))};p.forEach(o),h()}},"Expand all"),te=r("button",{type:"button",onclick:()=>{n.expanded=new Set(p.map(o=>o.node_id)),h()}},"Collapse all"),ne=P([{id:"name",label:"Name"},...E.map(([o,s])=>({id:o,label:s}))],[!0,...l],(o,s)=>{l[o-1]=s,h()},"op-tree");e.append(r("div",{class:"nbp-toolbar"},r("label",{},"Group by",W),r("label",{},"Top N ops per group",J),r("label",{},"Sort by",Q),Z,ee,te,ne)),t.summary&&t.summary.length&&e.append(r("table",{class:"nbp-kv","data-testid":"op-summary"},r("tbody",{},t.summary.map(([o,s])=>r("tr",{},r("td",{},o),r("td",{},s)))))),e.append(D(null,r("div",{class:"nbp-table-box"},r("div",{class:"nbp-table-wrap",style:{maxHeight:"460px"},"data-testid":"op-tree-scroller"},v)),c)),z()}var Ve=H(he);export{fe as buildTree,Ve as default,he as renderOpProfile};
