var lt="http://www.w3.org/2000/svg";function Y(t,e){for(let[o,n]of Object.entries(e||{}))n==null||n===!1||(o==="style"&&typeof n=="object"?Object.assign(t.style,n):o.startsWith("on")&&typeof n=="function"?t.addEventListener(o.slice(2),n):o==="dataset"?Object.assign(t.dataset,n):t.setAttribute(o==="className"?"class":o,n===!0?"":String(n)))}function W(t,e){for(let o of e.flat(1/0))o==null||o===!1||t.append(o instanceof Node?o:document.createTextNode(String(o)))}function a(t,e,...o){let n=document.createElement(t);return Y(n,e),W(n,o),n}function M(t,e,...o){let n=document.createElementNS(lt,t);return Y(n,e),W(n,o),n}function B(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function P(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function q(t,e,o="text/csv"){let n=URL.createObjectURL(new Blob([e],{type:o})),r=a("a",{href:n,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(n),1e3)}var pt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function ct(t,e){let o=t.toFixed(e);return o.includes(".")?o.replace(/\.?0+$/,""):o}function E(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let o=Math.abs(t);for(let[n,r]of pt)if(o>=r||n==="ps")return`${ct(t/r,e)} ${n}`;return`${t} ps`}var dt=(t,e)=>E(t*1e6,e),bt=(t,e)=>E(t*1e9,e),V=["B","KiB","MiB","GiB","TiB"];function ft(t,e=2){if(t==null||Number.isNaN(t))return"–";let o=Number(t),n=0;for(;Math.abs(o)>=1024&&n<V.length-1;)o/=1024,n+=1;return n===0?`${o} B`:`${o.toFixed(e)} ${V[n]}`}function R(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function S(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function G(t,e,o=!1){if(t==null)return"";switch(e){case"ps":return E(t);case"us":return o?dt(t):S(t,3);case"ms":return o?bt(t):S(t,3);case"pct":return R(t);case"frac":return R(t*100,1);case"bytes":return ft(t);case"int":return S(t);case"num":return S(t);case"bool":return t?"yes":"no";default:return String(t)}}var A=60,N=18,Z=10;function K(t,e){let o=Math.min(t.length,e.length),n=0;for(;n<o&&t.charCodeAt(n)===e.charCodeAt(n);)n++;return n}function H(t){let e=[...new Set(t.filter(n=>typeof n=="string"))].sort(),o=new Map;return e.forEach((n,r)=>{let l=r>0?K(n,e[r-1]):0,c=r+1<e.length?K(n,e[r+1]):0;o.set(n,Math.max(l,c))}),o}function J(t,e=0,o=A){if(t.length<=o+4)return[[t,!0]];if(o<2*N){let p=Math.max(1,Math.floor(o*.4));if(e+2<=o-1)return[[t.slice(0,o-1),!0],[t.slice(o-1),!1]];let m=Math.max(1,o-p-1);return[[t.slice(0,p),!0],[t.slice(p,t.length-m),!1],[t.slice(t.length-m),!0]]}let n=Math.min(24,Math.floor(o/3)),r=o-n;if(e+Z<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-n),!1],[t.slice(t.length-n),!0]];let l=o-N,c=Math.min(e-Z,t.length-l),s=c+l,b=[[t.slice(0,N),!0]];return c>N&&b.push([t.slice(N,c),!1]),b.push([t.slice(Math.max(N,c),s),!0]),s<t.length&&b.push([t.slice(s),!1]),b}function F(t,e=0,o=A){return J(t,e,o).map(([n,r])=>r?n:"…").join("")}function O(t,e=0,o=A){let n=t==null?"":String(t),r=J(n,e,o),l=a("span",{class:"nbp-name",title:r.length>1?n:null,"data-full":r.length>1?"":null});for(let[c,s]of r)l.append(s?document.createTextNode(c):a("span",{class:"nbp-cut"},c));return l}function Q(t,{fallbackWidth:e=640,minWidth:o=260,testid:n}={}){let r=a("div",{class:"nbp-chart","data-testid":n?`${n}-box`:null}),l=-1,c=0,s=b=>{let p=Math.max(o,Math.floor(b));p!==l&&(l=p,r.replaceChildren(t(p)),r.dataset.width=String(p))};return r.setDraw=b=>{t=b;let p=l>0?l:e;l=-1,s(r.clientWidth>0?r.clientWidth:p)},s(e),typeof ResizeObserver<"u"&&new ResizeObserver(p=>{let m=p[p.length-1].contentRect.width;m>0&&(cancelAnimationFrame(c),c=requestAnimationFrame(()=>{r.isConnected&&s(m)}))}).observe(r),r}var ut=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function mt(t,e){let o=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",n=document.createElement("canvas").getContext("2d");return n?(n.font=getComputedStyle(t).font,Math.max(4,n.measureText(o).width/o.length)||7):7}function tt(t){return ut.has(t.type)}function xt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function ht(t,e){let o=n=>{if(n==null)return"";let r=String(n);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(n=>o(n.label)),...e.map(n=>n.map(o))].map(n=>n.join(",")).join(`
`)+`
`}function gt(t,e,o,n){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((p,m)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[m],disabled:m===0,"data-col":p.id,onchange:x=>o(m,x.target.checked)}),p.label))),l=()=>e.filter(p=>!p).length,c=a("summary",{"data-testid":`${n}-columns`}),s=a("details",{class:"nbp-chooser"},c,r),b=()=>{c.textContent=l()?`Columns (${l()} hidden)`:"Columns"};return b(),s.addEventListener("change",b),s.addEventListener("keydown",p=>{p.key==="Escape"&&(s.open=!1,c.focus())}),s}function D(t){let e=t.columns,o=t.rows||[],n=e.map((i,d)=>d===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},l=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,c=t.testid||"table",s=new Map,b=A,p=e.map((i,d)=>{let f=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===d?r.desc=!r.desc:(r.sort=d,r.desc=tt(i)),k()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:_(i,d),"data-col":i.id},f)}),m=a("tr"),x=a("tbody"),L=a("table",{class:"nbp-table","data-testid":c},a("thead",{},m),x),T=a("span",{class:"nbp-note","data-testid":`${c}-count`}),z=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,k()}},"Show more rows"),$=a("div",{class:"nbp-toolbar"});l>=0&&$.append(a("label",{},`Filter by ${e[l].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${c}-filter`,"aria-label":`Filter by ${e[l].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),k()}}))),e.length>2&&t.chooser!==!1&&$.append(gt(e,n,(i,d)=>{n[i]=d,k()},c)),t.csvName&&$.append(a("button",{type:"button","data-testid":`${c}-csv`,onclick:()=>q(t.csvName,ht(e,g()))},"Export as CSV")),$.append(T);let C=a("div",{class:"nbp-table-box"},$,a("div",{class:"nbp-table-wrap","data-testid":`${c}-scroller`},L),z);function _(i,d){return[tt(i)?"nbp-num":"",d===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function u(){s=new Map,e.forEach((i,d)=>{i.type==="name"&&s.set(d,H(o.map(f=>f[d])))})}function g(){let i=o;if(r.filter&&l>=0&&(i=i.filter(d=>String(d[l]??"").toLowerCase().includes(r.filter))),r.sort>=0){let d=r.sort,f=r.desc?-1:1;i=i.map((h,y)=>[h,y]).sort((h,y)=>{let j=xt(h[0][d],y[0][d]);return j===0?h[1]-y[1]:h[0][d]===null||h[0][d]===void 0||y[0][d]===null||y[0][d]===void 0?j:f*j}).map(h=>h[0])}return i}function w(i,d,f,h){let y;i.type==="name"?y=O(f,s.get(d)?.get(f)||0,b):y=G(f,i.type);let j=(i.type==="str"||i.type==="name")&&f!==null&&f!==void 0?String(f):null,I=a("td",{class:_(i,d),title:j},y);if(i.color){let U=i.color(f,h);U&&(I.style.background=U,I.style.color="#111")}return I}function v(i){let d=a("tr",{tabindex:"0"},e.map((f,h)=>n[h]?w(f,h,i[h],i):null));return t.onHover&&(d.addEventListener("mouseenter",f=>t.onHover(i,f)),d.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&d.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&d.addEventListener("click",()=>t.onSelect(i)),d.addEventListener("keydown",f=>{f.key==="ArrowDown"&&d.nextElementSibling&&(f.preventDefault(),d.nextElementSibling.focus()),f.key==="ArrowUp"&&d.previousElementSibling&&(f.preventDefault(),d.previousElementSibling.focus()),(f.key==="Enter"||f.key===" ")&&t.onSelect&&(f.preventDefault(),t.onSelect(i))}),d}function k(){m.replaceChildren(...p.filter((d,f)=>n[f])),p.forEach((d,f)=>{d.setAttribute("aria-sort",f===r.sort?r.desc?"descending":"ascending":"none"),d.querySelector(".nbp-sort-mark").textContent=f===r.sort?r.desc?"▼":"▲":""});let i=g();x.replaceChildren(...i.slice(0,r.limit).map(v)),T.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,z.style.display=i.length>r.limit?"":"none"}u(),k();let X=e.findIndex(i=>i.type==="name");if(typeof ResizeObserver<"u"&&X>=0){let i=0;new ResizeObserver(d=>{let f=d[d.length-1].contentRect.width;if(!(f>0))return;i||(i=1.12*mt(L,o.slice(0,50).map(y=>String(y[X]??""))));let h=Math.max(24,Math.min(90,Math.floor((Math.min(.4*f,560)-14)/i)));Math.abs(h-b)>=2&&requestAnimationFrame(()=>{b=h,k()})}).observe(C)}return{el:C,setRows(i){o=i,u(),k()},visibleRows:g}}var et=`
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
`;function vt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var nt=!1;function wt(){if(nt||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=et,document.head.append(t),nt=!0}function ot(t){wt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",vt());e();let o=new MutationObserver(e);return o.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>o.disconnect()}function yt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,o])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},o)))))}function rt(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(o,n,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},n),yt(r||[])),e.style.display="block";let l=t.getBoundingClientRect(),c=o.clientX-l.left+12,s=o.clientY-l.top+12,b=e.offsetWidth;c+b>l.width&&(c=Math.max(0,o.clientX-l.left-b-12)),e.style.left=`${c}px`,e.style.top=`${s}px`},hide(){e.style.display="none"},element:e}}function kt(t,e="banner"){if(!t||!t.text)return null;let o=(t.fixes||[]).flatMap((n,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},n)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,o.length?[" Mark each step with",...o,"."]:null)}function at(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function it(t,e,o=120){if(!e)return;let n=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let l=0;r&&l<8;l++,r=r.parentElement){let c=r.previousElementSibling;if(c&&(c.matches(n)||c.querySelector(n))){c.style.display="none",c.dataset.nbprofHidden="true";return}}o>0&&requestAnimationFrame(()=>it(t,e,o-1))}function $t(t,e,o,n={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let l=rt(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let c=kt(e?.banner);if(c&&!n.bannerShown&&r.append(c),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let b=at(e?.notes);b&&r.append(b);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{o(r,e,{tooltip:l,...n})}catch(b){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${b}`)),console.error(b)}let s=at(e.notes);s&&r.append(s)}function st(t){return{render({model:e,el:o}){let n=a("div");o.append(n);let r=ot(n),l=()=>$t(n,e.get("payload"),t);return l(),it(o,e.get("payload")?.static_id),e.on("change:payload",l),()=>{e.off("change:payload",l),r()}}}}function Mt(t){let e=new Map(t.map(s=>[s.id,[]])),o=[];for(let s of t)(e.has(s.parent)&&s.parent!==s.id?e.get(s.parent):o).push(s);let n=new Map,r=0,l=0,c=(s,b)=>{l=Math.max(l,b);let p=e.get(s.id);if(!p.length){n.set(s.id,{x:b,y:r++});return}p.forEach(x=>c(x,b+1));let m=p.map(x=>n.get(x.id).y);n.set(s.id,{x:b,y:(Math.min(...m)+Math.max(...m))/2})};return o.forEach(s=>c(s,0)),{pos:n,depth:l+1,rows:Math.max(1,r)}}function St(t,e,o){let{pos:c,depth:s,rows:b}=Mt(t.nodes),p=Math.floor((o-(s-1)*28-2)/s)>=130,m=p?s:b,x=Math.max(96,Math.min(p?190:260,Math.floor((o-(m-1)*28-2)/m))),L=Math.floor((x-12)/6.4),T=m*x+(m-1)*28+4,z=(p?b*62:s*62)+4,$=M("svg",{width:T,height:z,viewBox:`-2 -2 ${T} ${z}`,class:"nbp-graph","data-testid":"pipeline-graph","data-layout":p?"across":"down"}),C=u=>{let g=c.get(u);return p?{x:g.x*(x+28),y:g.y*62}:{x:g.y*(x+28),y:g.x*62}},_=new Map(t.nodes.map(u=>[u.id,u]));for(let u of t.nodes){let g=_.get(u.parent);if(!g||g===u)continue;let w=C(g.id),v=C(u.id),k=p?`M ${w.x+x} ${w.y+44/2} C ${w.x+x+28/2} ${w.y+44/2}, ${v.x-28/2} ${v.y+44/2}, ${v.x} ${v.y+44/2}`:`M ${w.x+x/2} ${w.y+44} C ${w.x+x/2} ${w.y+44+18/2}, ${v.x+x/2} ${v.y-18/2}, ${v.x+x/2} ${v.y}`;$.append(M("path",{class:u.critical&&g.critical?"nbp-critical":"",d:k}))}for(let u of t.nodes){let g=C(u.id),w=["nbp-node",u.critical?"nbp-critical":"",u.bottleneck?"nbp-bottleneck":""].join(" "),v=M("g",{class:w,transform:`translate(${g.x} ${g.y})`,"data-testid":"graph-node","data-name":u.name,"data-critical":u.critical?"true":"false","data-bottleneck":u.bottleneck?"true":"false",tabindex:"0"},M("rect",{width:x,height:44,rx:4}),M("text",{x:6,y:16},F(u.short_name||u.name,0,L)),M("text",{x:6,y:33},F(`${E(u.self_ps)} self · ${S(u.calls)}×`,0,L)));v.addEventListener("mousemove",k=>e.show(k,u.name,[["Total",E(u.total_ps)],["Self",E(u.self_ps)],["Calls",S(u.calls)],["On critical path",u.critical?"yes":"no"],["Bottleneck",u.bottleneck?"yes":"no"]])),v.addEventListener("mouseleave",()=>e.hide()),$.append(v)}return a("div",{style:{overflowX:"auto",maxWidth:"100%"}},$)}function Et(t,e,o){e.text&&t.append(a("div",{class:"nbp-recommendation","data-testid":"tfdata-text"},e.text,e.recommendation?a("div",{"data-testid":"tfdata-recommendation"},e.recommendation):null)),t.append(B("Summary",a("table",{class:"nbp-kv","data-testid":"tfdata-summary"},a("tbody",{},(e.summary||[]).map(([p,m,x])=>a("tr",{},a("td",{},p),a("td",{},G(m,x,!0))))))));let n=Object.keys(e.graphs||{}),r=null,l=p=>{let m=x=>St(e.graphs[p],o.tooltip,x);r?r.setDraw(m):r=Q(m,{testid:"pipeline-graph",minWidth:200})};n.length&&l(e.default_graph||n[0]);let c=n.length>1?a("label",{},"Pipeline ",a("select",{"data-testid":"tfdata-pipeline",onchange:p=>l(p.target.value)},n.map(p=>a("option",{value:p,selected:p===e.default_graph},p)))):null;t.append(B("Pipeline graph (slowest run)",n.length?a("div",{},c,r,a("div",{class:"nbp-note"},"Bold: critical path (blocking iterators). Red outline: bottleneck.")):P("no pipeline graph")));let s=e.bottlenecks;s&&s.rows.length&&t.append(B("Bottleneck of each slow pipeline",D({columns:s.columns,rows:s.rows,sortBy:"max_latency_us",testid:"bottlenecks"}).el));let b=e.pipelines;t.append(B("Pipelines",b&&b.rows.length?D({columns:b.columns,rows:b.rows,sortBy:"max_latency_us",filterColumn:"root_iterator",csvName:"tf_data_pipelines.csv",testid:"pipelines"}).el:P("no pipelines")))}var oe=st(Et);export{oe as default,Et as renderTfData};
