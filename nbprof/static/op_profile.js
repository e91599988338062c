function ot(t,e){for(let[a,i]of Object.entries(e||{}))i==null||i===!1||(a==="style"&&typeof i=="object"?Object.assign(t.style,i):a.startsWith("on")&&typeof i=="function"?t.addEventListener(a.slice(2),i):a==="dataset"?Object.assign(t.dataset,i):t.setAttribute(a==="className"?"class":a,i===!0?"":String(i)))}function rt(t,e){for(let a of e.flat(1/0))a==null||a===!1||t.append(a instanceof Node?a:document.createTextNode(String(a)))}function r(t,e,...a){let i=document.createElement(t);return ot(i,e),rt(i,a),i}function O(t,...e){return r("section",{class:"nbp-section"},t?r("h3",{class:"nbp-h"},t):null,...e)}function P(t,e="unavailable"){return r("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}var at=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function it(t,e){let a=t.toFixed(e);return a.includes(".")?a.replace(/\.?0+$/,""):a}function M(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let a=Math.abs(t);for(let[i,n]of at)if(a>=n||i==="ps")return`${it(t/n,e)} ${i}`;return`${t} ps`}function _(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function E(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function $(t,e,a){return Math.round(t+(e-t)*a)}function A(t){if(t==null||Number.isNaN(t))return"transparent";let e=Math.max(0,Math.min(1,t)),[a,i,n]=e<.5?[215,48,39]:[254,224,139],[s,l,d]=e<.5?[254,224,139]:[26,152,80],c=e<.5?e*2:(e-.5)*2;return`rgb(${$(a,s,c)}, ${$(i,l,c)}, ${$(n,d,c)})`}var z=60,st=18,lt=10;function pt(t,e=0,a=z){if(t.length<=a+4)return[[t,!0]];let i=(h,w)=>w>h?[[t.slice(h,w),!1]]:[];if(a<10)return[[t.slice(0,a-1),!0],...i(a-1,t.length)];let n=Math.min(st,Math.floor(a*.3)),s=Math.min(lt,Math.floor(a*.15)),l=Math.min(24,Math.floor(a/3));if(e+s<=a-l)return[[t.slice(0,a-l),!0],...i(a-l,t.length-l),[t.slice(t.length-l),!0]];let d=a-n-1;if(e-s>=t.length-d)return[[t.slice(0,n),!0],...i(n,t.length-d),[t.slice(t.length-d),!0]];let c=Math.min(16,Math.floor(a/4)),m=Math.max(n,e-s),g=Math.min(m+a-n-c,t.length-c);return[[t.slice(0,n),!0],...i(n,m),[t.slice(m,g),!0],...i(g,t.length-c),[t.slice(t.length-c),!0]]}function N(t,e=null,a=z){let i=t==null?"":String(t),n=e||pt(i,0,a),s=r("span",{class:"nbp-name",title:n.length>1?i:null,"data-full":n.length>1?"":null});for(let[l,d]of n)s.append(d?document.createTextNode(l):r("span",{class:"nbp-cut"},l));return s}function I(t,e,a,i){let n=r("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((m,g)=>r("label",{class:"nbp-menu-item"},r("input",{type:"checkbox",checked:e[g],disabled:g===0,"data-col":m.id,onchange:h=>a(g,h.target.checked)}),m.label))),s=()=>e.filter(m=>!m).length,l=r("summary",{"data-testid":`${i}-columns`}),d=r("details",{class:"nbp-chooser"},l,n),c=()=>{l.textContent=s()?`Columns (${s()} hidden)`:"Columns"};return c(),d.addEventListener("change",c),d.addEventListener("keydown",m=>{m.key==="Escape"&&(d.open=!1,l.focus())}),d}function T(t){return r("table",{},r("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,a])=>r("tr",{},r("td",{class:"nbp-muted"},e),r("td",{},a)))))}function D(t){let e=r("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(a,i,n){e.replaceChildren(r("div",{class:"nbp-tip-title"},i),T(n||[])),e.style.display="block";let s=t.getBoundingClientRect(),l=a.clientX-s.left+12,d=a.clientY-s.top+12,c=e.offsetWidth;l+c>s.width&&(l=Math.max(0,a.clientX-s.left-c-12)),e.style.left=`${l}px`,e.style.top=`${d}px`},hide(){e.style.display="none"},element:e}}var B=`
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
.nbp-tooltip table td.nbp-muted, .nbp-details table td.nbp-muted { white-space: nowrap; word-break: normal; }
.nbp-details { border: 1px solid var(--nbp-border); border-radius: 4px; padding: 6px 8px; margin-top: 8px; min-height: 40px;
  word-break: break-all; }
.nbp-legend { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 12px; max-width: 100%; }
.nbp-legend-item { display: inline-flex; align-items: center; gap: 4px; max-width: 100%; min-width: 0; white-space: nowrap; }
.nbp-legend-item > .nbp-name { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.nbp-legend-item .nbp-cut::before { font-size: 12px; }
.nbp-chart { width: 100%; max-width: 100%; overflow: hidden; }
.nbp-chart svg { display: block; }
.nbp svg .nbp-bar.nbp-hot rect { stroke: var(--nbp-fg); stroke-width: 2; }
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
`;function ct(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var F=!1;function dt(){if(F||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=B,document.head.append(t),F=!0}function R(t){dt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",ct());e();let a=new MutationObserver(e);return a.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>a.disconnect()}function bt(t,e="banner"){if(!t||!t.text)return null;let a=(t.fixes||[]).flatMap((i,n)=>[n?n===t.fixes.length-1?" or ":", ":" ",r("code",{},i)]);return r("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,a.length?[" Mark each step with",...a,"."]:null)}function U(t){return!t||!t.length?null:r("details",{class:"nbp-notes","data-testid":"notes"},r("summary",{},`Details (${t.length})`),r("ul",{},t.map(e=>r("li",{"data-testid":"note"},e))))}function q(t,e,a=120){if(!e)return;let i=`[data-nbprof-id="${CSS.escape(e)}"]`,n=t;for(let s=0;n&&s<8;s++,n=n.parentElement){let l=n.previousElementSibling;if(l&&(l.matches(i)||l.querySelector(i))){l.style.display="none",l.dataset.nbprofHidden="true";return}}a>0&&requestAnimationFrame(()=>q(t,e,a-1))}function ut(t,e,a,i={}){let n=r("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(n);let s=D(t);n.append(r("div",{class:"nbp-title"},e?.title||"nbprof"));let l=bt(e?.banner);if(l&&!i.bannerShown&&n.append(l),!e||e.available===!1){n.append(r("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let c=U(e?.notes);c&&n.append(c);return}e.advice&&n.append(r("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{a(n,e,{tooltip:s,...i})}catch(c){n.append(r("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${c}`)),console.error(c)}let d=U(e.notes);d&&n.append(d)}function G(t){return{render({model:e,el:a}){let i=r("div");a.append(i);let n=R(i),s=d=>e.send({kind:"select",...d}),l=()=>ut(i,e.get("payload"),t,{request:s});return l(),q(a,e.get("payload")?.static_id),e.on("change:payload",l),()=>{e.off("change:payload",l),n()}}}}var H={time:{label:"Time (highest first)",key:t=>-(t.time_ps||0)},self:{label:"Self time (highest first)",key:t=>-(t.self_time_ps||0)},flops:{label:"FLOPS utilisation (lowest first)",key:t=>t.flops_utilization??1/0},name:{label:"Name",key:t=>t.name}};function C(t){return t==null?"–":_(100*t,1)}var k=[["time_pct","Time %",t=>_(t.time_pct),!1],["time_ps","Time",t=>M(t.time_ps),!1],["self_time_ps","Self time",t=>M(t.self_time_ps),!1],["flops_utilization","FLOPS util.",t=>C(t.flops_utilization),!1],["bandwidth_utilization","Bandwidth util.",t=>C(t.bandwidth_utilization),!1],["occurrences","Occurrences",t=>E(t.occurrences),!0],["tf_op","Framework op",t=>t.tf_op||"",!0],["program","Program",t=>t.program||"",!0]];function ft(t){let e=t.fields.indexOf("name"),a=t.fields.indexOf("program"),i=t.fields.indexOf("kind"),n=new Map;for(let s of t.rows)if(s[i]==="op"){if(n.has(s[e])&&n.get(s[e])!==s[a])return!0;n.set(s[e],s[a])}return!1}function mt(t){let e=t.rows.map(n=>Object.fromEntries(t.fields.map((s,l)=>[s,n[l]]))),a=new Map(e.map(n=>[n.node_id,{...n,children:[]}])),i=[];for(let n of a.values()){let s=a.get(n.parent_id);s&&s!==n?s.children.push(n):i.push(n)}return i}function xt(t){return t.source_file?t.source_line!==null&&t.source_line!==void 0?`${t.source_file}:${t.source_line}`:t.source_file:null}function ht(t){return[["Category",t.category],["Program",t.program],["Time",`${M(t.time_ps)} (${_(t.time_pct)})`],["Self time",M(t.self_time_ps)],["Occurrences",E(t.occurrences)],["FLOPs",t.flops?E(t.flops):null],["FLOPS utilisation",C(t.flops_utilization)],["Memory bandwidth utilisation",C(t.bandwidth_utilization)],["Framework op",t.tf_op],["Source",xt(t)],["Expression",t.expression],["Shape",t.shape],["Layout",t.layout]]}function gt(t,e,a){let i=Object.keys(e.trees||{});if(!i.length){t.append(P("no XLA ops"));return}let n={by:e.default_by&&e.trees[e.default_by]?e.default_by:i[0],topN:e.top_n||10,sort:"time",expanded:new Set,selected:null,idle:!1},s=k.map(o=>!o[3]||o[0]==="program"&&ft(e.trees[n.by])),l=[],d=r("div",{class:"nbp-details","data-testid":"op-details","aria-live":"polite"},r("span",{class:"nbp-muted"},"Hover or select an op to see its details.")),c=r("tr"),m=r("tbody"),g=r("table",{class:"nbp-table",role:"treegrid","data-testid":"op-tree"},r("thead",{},c),m);function h(o){d.replaceChildren(r("div",{class:"nbp-tip-title","data-testid":"op-details-name"},o.name),T(ht(o)))}function w(o){n.expanded.has(o.node_id)?n.expanded.delete(o.node_id):n.expanded.add(o.node_id),y(),m.querySelector(`tr[data-id="${CSS.escape(String(o.node_id))}"]`)?.focus()}function V(o,p){let[,,u]=k.find(f=>f[0]===o);if(o==="flops_utilization"){let f=p.flops_utilization;return r("td",{class:"nbp-num","data-testid":"op-flops-util","data-util":f??"",style:f==null?{}:{background:A(f),color:"#111"}},u(p))}return o==="tf_op"||o==="program"?r("td",{title:p[o]||""},N(p[o]||"",null,40)):r("td",{class:"nbp-num","data-testid":o==="time_pct"?"op-time-pct":null},u(p))}function W(o,p){let u=o.children.length>0,f=n.expanded.has(o.node_id),S=u?r("button",{type:"button",class:"nbp-expander",tabindex:"-1","aria-label":f?"Collapse":"Expand","data-testid":"expander",onclick:b=>{b.stopPropagation(),w(o)}},f?"▾":"▸"):r("span",{class:"nbp-expander"},""),v=N(o.name);v.dataset.testid="op-name";let x=r("tr",{tabindex:"0",role:"row","data-testid":"op-row","data-id":o.node_id,"data-level":o.level,"aria-level":p+1,"aria-expanded":u?String(f):null,class:n.selected===o.node_id?"nbp-selected":""},r("td",{class:"nbp-sticky nbp-name-col",title:o.name,style:{paddingLeft:`${6+p*14}px`}},S,v),k.map(([b],nt)=>s[nt]?V(b,o):null));return x.addEventListener("mouseenter",()=>h(o)),x.addEventListener("focus",()=>h(o)),x.addEventListener("click",()=>{n.selected=o.node_id,h(o),u?w(o):y()}),x.addEventListener("keydown",b=>{b.key==="ArrowRight"&&u&&!f||b.key==="ArrowLeft"&&u&&f?(b.preventDefault(),w(o)):b.key==="Enter"||b.key===" "?(b.preventDefault(),n.selected=o.node_id,h(o),u&&w(o)):b.key==="ArrowDown"&&x.nextElementSibling?(b.preventDefault(),x.nextElementSibling.focus()):b.key==="ArrowUp"&&x.previousElementSibling&&(b.preventDefault(),x.previousElementSibling.focus())}),x}function j(o,p,u){if(u.push(W(o,p)),!n.expanded.has(o.node_id))return;let f=H[n.sort].key,S=o.children.slice().sort((x,b)=>f(x)<f(b)?-1:f(x)>f(b)?1:0),v=o.level>=1&&n.topN>0?n.topN:1/0;S.slice(0,v).forEach(x=>j(x,p+1,u)),S.length>v&&u.push(r("tr",{class:"nbp-muted","data-testid":"op-more"},r("td",{class:"nbp-sticky",colspan:1+s.filter(Boolean).length,style:{paddingLeft:`${22+(p+1)*14}px`}},`… ${S.length-v} more ops (raise "Top N" to see them)`)))}function y(){c.replaceChildren(r("th",{class:"nbp-sticky nbp-name-col"},"Name"),...k.map(([,p,,],u)=>s[u]?r("th",{class:u<6?"nbp-num":"","data-col":k[u][0]},p):null).filter(Boolean));let o=[];l.forEach(p=>j(p,0,o)),m.replaceChildren(...o)}function X(){return n.idle&&e.idle_trees?e.idle_trees:e.trees}function L(){l=mt(X()[n.by]),n.expanded=new Set(l.map(o=>o.node_id)),y()}let Y=r("select",{"data-testid":"op-by","aria-label":"Group ops by",onchange:o=>{n.by=o.target.value,L()}},i.map(o=>r("option",{value:o,selected:o===n.by},o==="program"?"Program":"Category"))),K=r("input",{type:"number",min:0,step:1,value:n.topN,style:{width:"5em"},"data-testid":"op-topn","aria-label":"Top N ops per group",onchange:o=>{let p=Math.max(0,parseInt(o.target.value||"0",10));p!==n.topN&&(n.topN=p,y())}}),J=r("select",{"data-testid":"op-sort","aria-label":"Sort ops by",onchange:o=>{n.sort=o.target.value,y()}},Object.entries(H).map(([o,p])=>r("option",{value:o},p.label))),Q=e.idle_trees?r("label",{title:"Count the device's idle time in the root and show it as an IDLE node"},r("input",{type:"checkbox","data-testid":"op-include-idle",onchange:o=>{n.idle=o.target.checked,L()}}),"Include idle time"):null,Z=r("button",{type:"button","data-testid":"op-expand-all",onclick:()=>{let o=p=>{p.children.length&&(n.expanded.add(p.node_id),p.children.forEach(o))};l.forEach(o),y()}},"Expand all"),tt=r("button",{type:"button",onclick:()=>{n.expanded=new Set(l.map(o=>o.node_id)),y()}},"Collapse all"),et=I([{id:"name",label:"Name"},...k.map(([o,p])=>({id:o,label:p}))],[!0,...s],(o,p)=>{s[o-1]=p,y()},"op-tree");t.append(r("div",{class:"nbp-toolbar"},r("label",{},"Group by",Y),r("label",{},"Top N ops per group",K),r("label",{},"Sort by",J),Q,Z,tt,et)),e.summary&&e.summary.length&&t.append(r("table",{class:"nbp-kv","data-testid":"op-summary"},r("tbody",{},e.summary.map(([o,p])=>r("tr",{},r("td",{},o),r("td",{},p)))))),t.append(O(null,r("div",{class:"nbp-table-box"},r("div",{class:"nbp-table-wrap",style:{maxHeight:"460px"},"data-testid":"op-tree-scroller"},g)),d)),L()}var Wt=G(gt);export{mt as buildTree,Wt as default,gt as renderOpProfile};
