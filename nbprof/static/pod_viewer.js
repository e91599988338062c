var lt="http://www.w3.org/2000/svg";function I(t,e){for(let[n,r]of Object.entries(e||{}))r==null||r===!1||(n==="style"&&typeof r=="object"?Object.assign(t.style,r):n.startsWith("on")&&typeof r=="function"?t.addEventListener(n.slice(2),r):n==="dataset"?Object.assign(t.dataset,r):t.setAttribute(n==="className"?"class":n,r===!0?"":String(r)))}function O(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function p(t,e,...n){let r=document.createElement(t);return I(r,e),O(r,n),r}function x(t,e,...n){let r=document.createElementNS(lt,t);return I(r,e),O(r,n),r}function U(t,...e){return p("section",{class:"nbp-section"},t?p("h3",{class:"nbp-h"},t):null,...e)}function R(t,e="unavailable"){return p("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}var dt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function ct(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function bt(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[r,o]of dt)if(n>=o||r==="ps")return`${ct(t/o,e)} ${r}`;return`${t} ps`}var D=(t,e)=>bt(t*1e9,e);function E(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}var C=60,y=18,_=10;function q(t,e){let n=Math.min(t.length,e.length),r=0;for(;r<n&&t.charCodeAt(r)===e.charCodeAt(r);)r++;return r}function G(t){let e=[...new Set(t.filter(r=>typeof r=="string"))].sort(),n=new Map;return e.forEach((r,o)=>{let a=o>0?q(r,e[o-1]):0,i=o+1<e.length?q(r,e[o+1]):0;n.set(r,Math.max(a,i))}),n}function V(t,e=0,n=C){if(t.length<=n+4)return[[t,!0]];if(n<2*y){let c=Math.max(1,Math.floor(n*.4));if(e+2<=n-1)return[[t.slice(0,n-1),!0],[t.slice(n-1),!1]];let u=Math.max(1,n-c-1);return[[t.slice(0,c),!0],[t.slice(c,t.length-u),!1],[t.slice(t.length-u),!0]]}let r=Math.min(24,Math.floor(n/3)),o=n-r;if(e+_<=o)return[[t.slice(0,o),!0],[t.slice(o,t.length-r),!1],[t.slice(t.length-r),!0]];let a=n-y,i=Math.min(e-_,t.length-a),d=i+a,s=[[t.slice(0,y),!0]];return i>y&&s.push([t.slice(y,i),!1]),s.push([t.slice(Math.max(y,i),d),!0]),d<t.length&&s.push([t.slice(d),!1]),s}function W(t,e=0,n=C){return V(t,e,n).map(([r,o])=>o?r:"…").join("")}function X(t,e=0,n=C){let r=t==null?"":String(t),o=V(r,e,n),a=p("span",{class:"nbp-name",title:o.length>1?r:null,"data-full":o.length>1?"":null});for(let[i,d]of o)a.append(d?document.createTextNode(i):p("span",{class:"nbp-cut"},i));return a}var T=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function A(t){return T[(t%T.length+T.length)%T.length]}function ft(t,e=5){if(!(t>0))return[0];let n=t/e,r=10**Math.floor(Math.log10(n)),o=[1,2,2.5,5,10].map(i=>i*r).find(i=>i>=n),a=[];for(let i=0;i*o<=t+o*1e-9;i++)a.push(Y(i*o,o));return a[a.length-1]<t&&a.push(Y(a.length*o,o)),a}function Y(t,e){let n=Math.max(0,-Math.floor(Math.log10(e))+2);return Number(t.toFixed(Math.min(12,n)))}function Z(t,{fallbackWidth:e=640,minWidth:n=260,testid:r}={}){let o=p("div",{class:"nbp-chart","data-testid":r?`${r}-box`:null}),a=-1,i=0,d=s=>{let c=Math.max(n,Math.floor(s));c!==a&&(a=c,o.replaceChildren(t(c)),o.dataset.width=String(c))};return o.setDraw=s=>{t=s;let c=a>0?a:e;a=-1,d(o.clientWidth>0?o.clientWidth:c)},d(e),typeof ResizeObserver<"u"&&new ResizeObserver(c=>{let u=c[c.length-1].contentRect.width;u>0&&(cancelAnimationFrame(i),i=requestAnimationFrame(()=>{o.isConnected&&d(u)}))}).observe(o),o}function ut(t,e,n=40){return p("div",{class:"nbp-legend","data-testid":e},t.map(r=>p("span",{class:"nbp-legend-item",title:r.label,"data-label":r.label},p("span",{class:"nbp-swatch",style:{background:r.color}}),X(r.label,r.at||0,n))))}function H({labels:t,series:e,yLabel:n="",format:r=E,tooltip:o,testid:a="bars",width:i=860,height:d=240,xLabel:s=""}){let c=t.map((l,f)=>e.reduce((j,g)=>j+(g.values[f]||0),0)),u=ft(c.reduce((l,f)=>Math.max(l,f),0)),k=u[u.length-1]||1,M=Math.max(...u.map(l=>E(l).length)),b={l:Math.max(44,Math.round(M*6.5+22)),r:10,t:10,b:34},$=i-b.l-b.r,v=d-b.t-b.b,m=$/Math.max(1,t.length),B=Math.max(1,Math.min(40,m*.75)),w=l=>b.t+v-l/k*v,S=x("svg",{width:i,height:d,viewBox:`0 0 ${i} ${d}`,role:"img","aria-label":n,"data-testid":a}),N=x("g",{class:"nbp-axis"});for(let l of u)N.append(x("line",{class:"nbp-grid",x1:b.l,x2:i-b.r,y1:w(l),y2:w(l)})),N.append(x("text",{x:b.l-4,y:w(l)+4,"text-anchor":"end"},E(l)));N.append(x("text",{x:12,y:b.t+v/2,transform:`rotate(-90 12 ${b.t+v/2})`,"text-anchor":"middle"},n)),s&&N.append(x("text",{x:b.l+$/2,y:d-2,"text-anchor":"middle"},s)),S.append(N);let F=G(t.map(String)),ot=Math.max(3,...[...F.keys()].map(l=>Math.min(l.length,24)))*6.5+10,P=Math.ceil(t.length/Math.max(1,Math.floor($/ot)));t.forEach((l,f)=>{let j=b.l+m*f+(m-B)/2,g=x("g",{class:"nbp-bar","data-testid":`${a}-bar`,"data-index":f,"data-label":l,"data-total":c[f]}),L=0;e.forEach((h,st)=>{let z=h.values[f]||0;z>0&&g.append(x("rect",{x:j,width:B,y:w(L+z),height:Math.max(0,w(L)-w(L+z)),fill:h.color||A(st)})),L+=z});let it=x("rect",{x:b.l+m*f,width:m,y:b.t,height:v,fill:"transparent",class:"nbp-hit"});g.append(it);let pt=()=>[...e.map(h=>[h.name,r(h.values[f]||0)]),["Total",r(c[f])]];if(g.addEventListener("mousemove",h=>o&&o.show(h,String(l),pt())),g.addEventListener("mouseleave",()=>o&&o.hide()),S.append(g),f%P===0){let h=W(String(l),F.get(String(l))||0,Math.max(3,Math.floor((m*P-8)/6.5)));S.append(x("text",{x:b.l+m*f+m/2,y:b.t+v+14,"text-anchor":"middle","data-label":l},h))}});let at=e.map((l,f)=>({label:l.name,color:l.color||A(f)}));return p("div",{},S,ut(at,`${a}-legend`))}var K=`
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
`;function xt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var J=!1;function ht(){if(J||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=K,document.head.append(t),J=!0}function Q(t){ht(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",xt());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function mt(t){return p("table",{},p("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>p("tr",{},p("td",{class:"nbp-muted"},e),p("td",{},n)))))}function tt(t){let e=p("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,r,o){e.replaceChildren(p("div",{class:"nbp-tip-title"},r),mt(o||[])),e.style.display="block";let a=t.getBoundingClientRect(),i=n.clientX-a.left+12,d=n.clientY-a.top+12,s=e.offsetWidth;i+s>a.width&&(i=Math.max(0,n.clientX-a.left-s-12)),e.style.left=`${i}px`,e.style.top=`${d}px`},hide(){e.style.display="none"},element:e}}function gt(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((r,o)=>[o?o===t.fixes.length-1?" or ":", ":" ",p("code",{},r)]);return p("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function et(t){return!t||!t.length?null:p("details",{class:"nbp-notes","data-testid":"notes"},p("summary",{},`Details (${t.length})`),p("ul",{},t.map(e=>p("li",{"data-testid":"note"},e))))}function nt(t,e,n=120){if(!e)return;let r=`[data-nbprof-id="${CSS.escape(e)}"]`,o=t;for(let a=0;o&&a<8;a++,o=o.parentElement){let i=o.previousElementSibling;if(i&&(i.matches(r)||i.querySelector(r))){i.style.display="none",i.dataset.nbprofHidden="true";return}}n>0&&requestAnimationFrame(()=>nt(t,e,n-1))}function vt(t,e,n,r={}){let o=p("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(o);let a=tt(t);o.append(p("div",{class:"nbp-title"},e?.title||"nbprof"));let i=gt(e?.banner);if(i&&!r.bannerShown&&o.append(i),!e||e.available===!1){o.append(p("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let s=et(e?.notes);s&&o.append(s);return}e.advice&&o.append(p("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(o,e,{tooltip:a,...r})}catch(s){o.append(p("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${s}`)),console.error(s)}let d=et(e.notes);d&&o.append(d)}function rt(t){return{render({model:e,el:n}){let r=p("div");n.append(r);let o=Q(r),a=()=>vt(r,e.get("payload"),t);return a(),nt(n,e.get("payload")?.static_id),e.on("change:payload",a),()=>{e.off("change:payload",a),o()}}}}function wt(t,e,n){let r=e.steps||[];if(!r.length){t.append(R("no steps"));return}let o=null,a=p("span",{"data-testid":"pod-step-label"}),i=s=>{a.textContent=`step ${r[s]} (${s+1} of ${r.length})`;let c=e.categories.map((k,M)=>({name:k,values:e.workers.map((b,$)=>e.values[s][$][M])})),u=k=>H({labels:e.workers,series:c,yLabel:"time (ms)",xLabel:"worker",format:M=>D(M),tooltip:n.tooltip,testid:"pod-bars",width:k});o?o.setDraw(u):o=Z(u,{testid:"pod-bars"})},d=p("input",{type:"range",min:0,max:r.length-1,step:1,value:0,"data-testid":"pod-step","aria-label":"Step",style:{width:"min(320px, 60vw)"},oninput:s=>i(parseInt(s.target.value,10))});i(0),t.append(p("div",{class:"nbp-toolbar"},p("label",{},"Step",d),a)),t.append(U("Step breakdown per worker",o))}var Wt=rt(wt);export{Wt as default,wt as renderPodViewer};
