var it="http://www.w3.org/2000/svg";function U(t,e){for(let[o,n]of Object.entries(e||{}))n==null||n===!1||(o==="style"&&typeof n=="object"?Object.assign(t.style,n):o.startsWith("on")&&typeof n=="function"?t.addEventListener(o.slice(2),n):o==="dataset"?Object.assign(t.dataset,n):t.setAttribute(o==="className"?"class":o,n===!0?"":String(n)))}function X(t,e){for(let o of e.flat(1/0))o==null||o===!1||t.append(o instanceof Node?o:document.createTextNode(String(o)))}function a(t,e,...o){let n=document.createElement(t);return U(n,e),X(n,o),n}function k(t,e,...o){let n=document.createElementNS(it,t);return U(n,e),X(n,o),n}function z(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function R(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function W(t,e,o="text/csv"){let n=URL.createObjectURL(new Blob([e],{type:o})),r=a("a",{href:n,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(n),1e3)}var st=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function lt(t,e){let o=t.toFixed(e);return o.includes(".")?o.replace(/\.?0+$/,""):o}function E(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let o=Math.abs(t);for(let[n,r]of st)if(o>=r||n==="ps")return`${lt(t/r,e)} ${n}`;return`${t} ps`}var pt=(t,e)=>E(t*1e6,e),dt=(t,e)=>E(t*1e9,e),Y=["B","KiB","MiB","GiB","TiB"];function ct(t,e=2){if(t==null||Number.isNaN(t))return"–";let o=Number(t),n=0;for(;Math.abs(o)>=1024&&n<Y.length-1;)o/=1024,n+=1;return n===0?`${o} B`:`${o.toFixed(e)} ${Y[n]}`}function I(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function $(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function A(t,e,o=!1){if(t==null)return"";switch(e){case"ps":return E(t);case"us":return o?pt(t):$(t,3);case"ms":return o?dt(t):$(t,3);case"pct":return I(t);case"frac":return I(t*100,1);case"bytes":return ct(t);case"int":return $(t);case"num":return $(t);case"bool":return t?"yes":"no";default:return String(t)}}var j=60,N=18,q=10;function V(t,e){let o=Math.min(t.length,e.length),n=0;for(;n<o&&t.charCodeAt(n)===e.charCodeAt(n);)n++;return n}function O(t){let e=[...new Set(t.filter(n=>typeof n=="string"))].sort(),o=new Map;return e.forEach((n,r)=>{let l=r>0?V(n,e[r-1]):0,c=r+1<e.length?V(n,e[r+1]):0;o.set(n,Math.max(l,c))}),o}function Z(t,e=0,o=j){if(t.length<=o)return[[t,!0]];if(o<2*N)return[[t.slice(0,Math.max(1,o-1)),!0],[t.slice(Math.max(1,o-1)),!1]];let n=Math.min(24,o-N),r=o-n;if(e+q<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-n),!1],[t.slice(t.length-n),!0]];let l=o-N,c=Math.min(e-q,t.length-l),s=c+l,b=[[t.slice(0,N),!0]];return c>N&&b.push([t.slice(N,c),!1]),b.push([t.slice(Math.max(N,c),s),!0]),s<t.length&&b.push([t.slice(s),!1]),b}function _(t,e=0,o=j){return Z(t,e,o).map(([n,r])=>r?n:"…").join("")}function D(t,e=0,o=j){let n=t==null?"":String(t),r=Z(n,e,o),l=a("span",{class:"nbp-name",title:r.length>1?n:null,"data-full":r.length>1?"":null});for(let[c,s]of r)l.append(s?document.createTextNode(c):a("span",{class:"nbp-cut"},c));return l}function K(t,{fallbackWidth:e=640,minWidth:o=260,testid:n}={}){let r=a("div",{class:"nbp-chart","data-testid":n?`${n}-box`:null}),l=-1,c=0,s=b=>{let d=Math.max(o,Math.floor(b));d!==l&&(l=d,r.replaceChildren(t(d)),r.dataset.width=String(d))};return r.setDraw=b=>{t=b;let d=l>0?l:e;l=-1,s(r.clientWidth>0?r.clientWidth:d)},s(e),typeof ResizeObserver<"u"&&new ResizeObserver(d=>{let m=d[d.length-1].contentRect.width;m>0&&(cancelAnimationFrame(c),c=requestAnimationFrame(()=>{r.isConnected&&s(m)}))}).observe(r),r}var bt=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function J(t){return bt.has(t.type)}function ft(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function ut(t,e){let o=n=>{if(n==null)return"";let r=String(n);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(n=>o(n.label)),...e.map(n=>n.map(o))].map(n=>n.join(",")).join(`
`)+`
`}function mt(t,e,o,n){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((d,m)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[m],disabled:m===0,"data-col":d.id,onchange:h=>o(m,h.target.checked)}),d.label))),l=()=>e.filter(d=>!d).length,c=a("summary",{"data-testid":`${n}-columns`}),s=a("details",{class:"nbp-chooser"},c,r),b=()=>{c.textContent=l()?`Columns (${l()} hidden)`:"Columns"};return b(),s.addEventListener("change",b),s.addEventListener("keydown",d=>{d.key==="Escape"&&(s.open=!1,c.focus())}),s}function G(t){let e=t.columns,o=t.rows||[],n=e.map((i,p)=>p===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},l=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,c=t.testid||"table",s=new Map,b=j,d=e.map((i,p)=>{let f=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===p?r.desc=!r.desc:(r.sort=p,r.desc=J(i)),S()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:g(i,p),"data-col":i.id},f)}),m=a("tr"),h=a("tbody"),B=a("table",{class:"nbp-table","data-testid":c},a("thead",{},m),h),C=a("span",{class:"nbp-note","data-testid":`${c}-count`}),L=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,S()}},"Show more rows"),M=a("div",{class:"nbp-toolbar"});l>=0&&M.append(a("label",{},`Filter by ${e[l].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${c}-filter`,"aria-label":`Filter by ${e[l].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),S()}}))),e.length>2&&t.chooser!==!1&&M.append(mt(e,n,(i,p)=>{n[i]=p,S()},c)),t.csvName&&M.append(a("button",{type:"button","data-testid":`${c}-csv`,onclick:()=>W(t.csvName,ut(e,v()))},"Export as CSV")),M.append(C);let u=a("div",{class:"nbp-table-box"},M,a("div",{class:"nbp-table-wrap","data-testid":`${c}-scroller`},B),L);function g(i,p){return[J(i)?"nbp-num":"",p===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function y(){s=new Map,e.forEach((i,p)=>{i.type==="name"&&s.set(p,O(o.map(f=>f[p])))})}function v(){let i=o;if(r.filter&&l>=0&&(i=i.filter(p=>String(p[l]??"").toLowerCase().includes(r.filter))),r.sort>=0){let p=r.sort,f=r.desc?-1:1;i=i.map((x,w)=>[x,w]).sort((x,w)=>{let T=ft(x[0][p],w[0][p]);return T===0?x[1]-w[1]:x[0][p]===null||x[0][p]===void 0||w[0][p]===null||w[0][p]===void 0?T:f*T}).map(x=>x[0])}return i}function F(i,p,f,x){let w;i.type==="name"?w=D(f,s.get(p)?.get(f)||0,b):w=A(f,i.type);let T=(i.type==="str"||i.type==="name")&&f!==null&&f!==void 0?String(f):null,P=a("td",{class:g(i,p),title:T},w);if(i.color){let H=i.color(f,x);H&&(P.style.background=H,P.style.color="#111")}return P}function at(i){let p=a("tr",{tabindex:"0"},e.map((f,x)=>n[x]?F(f,x,i[x],i):null));return t.onHover&&(p.addEventListener("mouseenter",f=>t.onHover(i,f)),p.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&p.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&p.addEventListener("click",()=>t.onSelect(i)),p.addEventListener("keydown",f=>{f.key==="ArrowDown"&&p.nextElementSibling&&(f.preventDefault(),p.nextElementSibling.focus()),f.key==="ArrowUp"&&p.previousElementSibling&&(f.preventDefault(),p.previousElementSibling.focus()),(f.key==="Enter"||f.key===" ")&&t.onSelect&&(f.preventDefault(),t.onSelect(i))}),p}function S(){m.replaceChildren(...d.filter((p,f)=>n[f])),d.forEach((p,f)=>{p.setAttribute("aria-sort",f===r.sort?r.desc?"descending":"ascending":"none"),p.querySelector(".nbp-sort-mark").textContent=f===r.sort?r.desc?"▼":"▲":""});let i=v();h.replaceChildren(...i.slice(0,r.limit).map(at)),C.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,L.style.display=i.length>r.limit?"":"none"}return y(),S(),typeof ResizeObserver<"u"&&e.some(i=>i.type==="name")&&new ResizeObserver(i=>{let p=i[i.length-1].contentRect.width,f=Math.max(24,Math.min(90,Math.floor((.46*p-16)/7)));p>0&&Math.abs(f-b)>=4&&requestAnimationFrame(()=>{b=f,S()})}).observe(u),{el:u,setRows(i){o=i,y(),S()},visibleRows:v}}var Q=`
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
`;function ht(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var tt=!1;function xt(){if(tt||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=Q,document.head.append(t),tt=!0}function et(t){xt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",ht());e();let o=new MutationObserver(e);return o.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>o.disconnect()}function gt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,o])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},o)))))}function nt(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(o,n,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},n),gt(r||[])),e.style.display="block";let l=t.getBoundingClientRect(),c=o.clientX-l.left+12,s=o.clientY-l.top+12,b=e.offsetWidth;c+b>l.width&&(c=Math.max(0,o.clientX-l.left-b-12)),e.style.left=`${c}px`,e.style.top=`${s}px`},hide(){e.style.display="none"},element:e}}function vt(t,e="banner"){if(!t||!t.text)return null;let o=(t.fixes||[]).flatMap((n,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},n)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,o.length?[" Mark each step with",...o,"."]:null)}function ot(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function wt(t,e){if(!e)return;let o=t;for(let n=0;o&&n<8;n++,o=o.parentElement){let r=o.previousElementSibling;if(!r)continue;if(r.matches(`[data-nbprof-id="${CSS.escape(e)}"]`)?r:r.querySelector(`[data-nbprof-id="${CSS.escape(e)}"]`)){r.style.display="none",r.dataset.nbprofHidden="true";return}}}function yt(t,e,o,n={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let l=nt(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let c=vt(e?.banner);if(c&&!n.bannerShown&&r.append(c),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let b=ot(e?.notes);b&&r.append(b);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{o(r,e,{tooltip:l,...n})}catch(b){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${b}`)),console.error(b)}let s=ot(e.notes);s&&r.append(s)}function rt(t){return{render({model:e,el:o}){let n=a("div");o.append(n);let r=et(n),l=()=>yt(n,e.get("payload"),t);return l(),wt(o,e.get("payload")?.static_id),e.on("change:payload",l),()=>{e.off("change:payload",l),r()}}}}function kt(t){let e=new Map(t.map(s=>[s.id,[]])),o=[];for(let s of t)(e.has(s.parent)&&s.parent!==s.id?e.get(s.parent):o).push(s);let n=new Map,r=0,l=0,c=(s,b)=>{l=Math.max(l,b);let d=e.get(s.id);if(!d.length){n.set(s.id,{x:b,y:r++});return}d.forEach(h=>c(h,b+1));let m=d.map(h=>n.get(h.id).y);n.set(s.id,{x:b,y:(Math.min(...m)+Math.max(...m))/2})};return o.forEach(s=>c(s,0)),{pos:n,depth:l+1,rows:Math.max(1,r)}}function $t(t,e,o){let{pos:c,depth:s,rows:b}=kt(t.nodes),d=Math.max(96,Math.min(190,Math.floor((o-(s-1)*28-2)/s))),m=Math.floor((d-12)/6.4),h=s*d+(s-1)*28+2,B=b*58,C=k("svg",{width:h,height:B,viewBox:`-1 0 ${h} ${B}`,class:"nbp-graph","data-testid":"pipeline-graph"}),L=u=>{let g=c.get(u);return{x:g.x*(d+28),y:g.y*58}},M=new Map(t.nodes.map(u=>[u.id,u]));for(let u of t.nodes){let g=M.get(u.parent);if(!g||g===u)continue;let y=L(g.id),v=L(u.id);C.append(k("path",{class:u.critical&&g.critical?"nbp-critical":"",d:`M ${y.x+d} ${y.y+44/2} C ${y.x+d+28/2} ${y.y+44/2}, ${v.x-28/2} ${v.y+44/2}, ${v.x} ${v.y+44/2}`}))}for(let u of t.nodes){let g=L(u.id),y=["nbp-node",u.critical?"nbp-critical":"",u.bottleneck?"nbp-bottleneck":""].join(" "),v=k("g",{class:y,transform:`translate(${g.x} ${g.y})`,"data-testid":"graph-node","data-name":u.name,"data-critical":u.critical?"true":"false","data-bottleneck":u.bottleneck?"true":"false",tabindex:"0"},k("rect",{width:d,height:44,rx:4}),k("text",{x:6,y:16},_(u.short_name||u.name,0,m)),k("text",{x:6,y:33},_(`self ${E(u.self_ps)} · ${$(u.calls)} calls`,0,m)));v.addEventListener("mousemove",F=>e.show(F,u.name,[["Total",E(u.total_ps)],["Self",E(u.self_ps)],["Calls",$(u.calls)],["On critical path",u.critical?"yes":"no"],["Bottleneck",u.bottleneck?"yes":"no"]])),v.addEventListener("mouseleave",()=>e.hide()),C.append(v)}return a("div",{style:{overflowX:"auto",maxWidth:"100%"}},C)}function Mt(t,e,o){e.text&&t.append(a("div",{class:"nbp-recommendation","data-testid":"tfdata-text"},e.text,e.recommendation?a("div",{"data-testid":"tfdata-recommendation"},e.recommendation):null)),t.append(z("Summary",a("table",{class:"nbp-kv","data-testid":"tfdata-summary"},a("tbody",{},(e.summary||[]).map(([d,m,h])=>a("tr",{},a("td",{},d),a("td",{},A(m,h,!0))))))));let n=Object.keys(e.graphs||{}),r=null,l=d=>{let m=h=>$t(e.graphs[d],o.tooltip,h);r?r.setDraw(m):r=K(m,{testid:"pipeline-graph",minWidth:200})};n.length&&l(e.default_graph||n[0]);let c=n.length>1?a("label",{},"Pipeline ",a("select",{"data-testid":"tfdata-pipeline",onchange:d=>l(d.target.value)},n.map(d=>a("option",{value:d,selected:d===e.default_graph},d)))):null;t.append(z("Pipeline graph (slowest run)",n.length?a("div",{},c,r,a("div",{class:"nbp-note"},"Bold: critical path (blocking iterators). Red outline: bottleneck.")):R("no pipeline graph")));let s=e.bottlenecks;s&&s.rows.length&&t.append(z("Bottleneck of each slow pipeline",G({columns:s.columns,rows:s.rows,sortBy:"max_latency_us",testid:"bottlenecks"}).el));let b=e.pipelines;t.append(z("Pipelines",b&&b.rows.length?G({columns:b.columns,rows:b.rows,sortBy:"max_latency_us",filterColumn:"root_iterator",csvName:"tf_data_pipelines.csv",testid:"pipelines"}).el:R("no pipelines")))}var ee=rt(Mt);export{ee as default,Mt as renderTfData};
