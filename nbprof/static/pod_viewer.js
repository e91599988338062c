var ct="http://www.w3.org/2000/svg";function R(t,e){for(let[n,r]of Object.entries(e||{}))r==null||r===!1||(n==="style"&&typeof r=="object"?Object.assign(t.style,r):n.startsWith("on")&&typeof r=="function"?t.addEventListener(n.slice(2),r):n==="dataset"?Object.assign(t.dataset,r):t.setAttribute(n==="className"?"class":n,r===!0?"":String(r)))}function D(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function s(t,e,...n){let r=document.createElement(t);return R(r,e),D(r,n),r}function m(t,e,...n){let r=document.createElementNS(ct,t);return R(r,e),D(r,n),r}function _(t,...e){return s("section",{class:"nbp-section"},t?s("h3",{class:"nbp-h"},t):null,...e)}function q(t,e="unavailable"){return s("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}var dt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function bt(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function ft(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[r,o]of dt)if(n>=o||r==="ps")return`${bt(t/o,e)} ${r}`;return`${t} ps`}var G=(t,e)=>ft(t*1e9,e);function z(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}var L=60,V=18,W=10;function C(t,e){let n=Math.min(t.length,e.length),r=0;for(;r<n&&t.charCodeAt(r)===e.charCodeAt(r);)r++;return r}function ut(t){let e=[...new Set(t.filter(r=>typeof r=="string"))].sort(),n=new Map;return e.forEach((r,o)=>{let i=o>0?C(r,e[o-1]):0,a=o+1<e.length?C(r,e[o+1]):0;n.set(r,Math.max(i,a))}),n}function A(t,e=0,n=L){if(t.length<=n+4)return[[t,!0]];let r=(h,d)=>d>h?[[t.slice(h,d),!1]]:[];if(n<10)return[[t.slice(0,n-1),!0],...r(n-1,t.length)];let o=Math.min(V,Math.floor(n*.3)),i=Math.min(W,Math.floor(n*.15)),a=Math.min(24,Math.floor(n/3));if(e+i<=n-a)return[[t.slice(0,n-a),!0],...r(n-a,t.length-a),[t.slice(t.length-a),!0]];let l=n-o-1;if(e-i>=t.length-l)return[[t.slice(0,o),!0],...r(o,t.length-l),[t.slice(t.length-l),!0]];let p=Math.min(16,Math.floor(n/4)),c=Math.max(o,e-i),u=Math.min(c+n-o-p,t.length-p);return[[t.slice(0,o),!0],...r(o,c),[t.slice(c,u),!0],...r(u,t.length-p),[t.slice(t.length-p),!0]]}function B(t){return t.map(([e,n])=>n?e:"…").join("")}function ht(t,e,n=L){if(t.length<=n+4||n<10)return A(t,e[0]||0,n);let r=Math.min(V,Math.floor(n*.3)),o=Math.min(16,Math.floor(n/4)),i=Math.min(W,Math.floor(n*.15)),a=[...new Set(e)].sort((h,d)=>h-d),l=Math.max(4,Math.floor((n-r-o)/a.length)),p=[];for(let h of a){let d=Math.max(r,Math.min(h-Math.min(i,Math.floor(l/3)),t.length-o-l)),b=Math.min(d+l,t.length-o),g=p[p.length-1];g&&d<=g[1]?g[1]=Math.max(g[1],b):p.push([d,b])}let c=[[t.slice(0,r),!0]],u=r;for(let[h,d]of p)h>u&&c.push([t.slice(u,h),!1]),c.push([t.slice(Math.max(u,h),d),!0]),u=d;return t.length-o>u&&c.push([t.slice(u,t.length-o),!1]),c.push([t.slice(Math.max(u,t.length-o)),!0]),c}function P(t,e=L){let n=ut(t),r=new Map([...n].map(([i,a])=>[i,A(i,a,e)])),o=new Map;for(let i=0;i<3;i++){let a=xt(r);if(!a.length)break;for(let l of a)for(let p of l){let c=new Map;for(let d of l)if(d!==p){let b=C(p,d);c.set(b,(c.get(b)||0)+1)}let u=[...c].sort((d,b)=>b[1]-d[1]).map(([d])=>d),h=[];for(let d of[...u,...o.get(p)||[]])h.length<3&&h.every(b=>Math.abs(b-d)>3)&&h.push(d);h.sort((d,b)=>d-b),o.set(p,h),r.set(p,ht(p,h,e))}}return r}function xt(t){let e=new Map;for(let[n,r]of t){if(r.length===1)continue;let o=B(r);e.set(o,[...e.get(o)||[],n])}return[...e.values()].filter(n=>n.length>1)}function X(t,e=null,n=L){let r=t==null?"":String(t),o=e||A(r,0,n),i=s("span",{class:"nbp-name",title:o.length>1?r:null,"data-full":o.length>1?"":null});for(let[a,l]of o)i.append(l?document.createTextNode(a):s("span",{class:"nbp-cut"},a));return i}var E=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function F(t){return E[(t%E.length+E.length)%E.length]}function mt(t,e=5){if(!(t>0))return[0];let n=t/e,r=10**Math.floor(Math.log10(n)),o=[1,2,2.5,5,10].map(a=>a*r).find(a=>a>=n),i=[];for(let a=0;a*o<=t+o*1e-9;a++)i.push(Y(a*o,o));return i[i.length-1]<t&&i.push(Y(i.length*o,o)),i}function Y(t,e){let n=Math.max(0,-Math.floor(Math.log10(e))+2);return Number(t.toFixed(Math.min(12,n)))}function Z(t,{fallbackWidth:e=640,minWidth:n=260,testid:r}={}){let o=s("div",{class:"nbp-chart","data-testid":r?`${r}-box`:null}),i=-1,a=0,l=p=>{let c=Math.max(n,Math.floor(p));c!==i&&(i=c,o.replaceChildren(t(c)),o.dataset.width=String(c))};return o.setDraw=p=>{t=p;let c=i>0?i:e;i=-1,l(o.clientWidth>0?o.clientWidth:c)},l(e),typeof ResizeObserver<"u"&&new ResizeObserver(c=>{let u=c[c.length-1].contentRect.width;u>0&&(cancelAnimationFrame(a),a=requestAnimationFrame(()=>{o.isConnected&&l(u)}))}).observe(o),o}function gt(t,e,n=40){let r=P(t.map(o=>o.label),n);return s("div",{class:"nbp-legend","data-testid":e},t.map(o=>s("span",{class:"nbp-legend-item",title:o.label,"data-label":o.label},s("span",{class:"nbp-swatch",style:{background:o.color}}),X(o.label,r.get(o.label)))))}function H({labels:t,series:e,yLabel:n="",format:r=z,tooltip:o,testid:i="bars",width:a=860,height:l=240,xLabel:p=""}){let c=t.map((f,x)=>e.reduce((j,y)=>j+(y.values[x]||0),0)),u=mt(c.reduce((f,x)=>Math.max(f,x),0)),h=u[u.length-1]||1,d=Math.max(...u.map(f=>z(f).length)),b={l:Math.max(44,Math.round(d*6.5+22)),r:10,t:10,b:34},g=a-b.l-b.r,M=l-b.t-b.b,w=g/Math.max(1,t.length),I=Math.max(1,Math.min(40,w*.75)),k=f=>b.t+M-f/h*M,S=m("svg",{width:a,height:l,viewBox:`0 0 ${a} ${l}`,role:"img","aria-label":n,"data-testid":i}),$=m("g",{class:"nbp-axis"});for(let f of u)$.append(m("line",{class:"nbp-grid",x1:b.l,x2:a-b.r,y1:k(f),y2:k(f)})),$.append(m("text",{x:b.l-4,y:k(f)+4,"text-anchor":"end"},z(f)));$.append(m("text",{x:12,y:b.t+M/2,transform:`rotate(-90 12 ${b.t+M/2})`,"text-anchor":"middle"},n)),p&&$.append(m("text",{x:b.l+g/2,y:l-2,"text-anchor":"middle"},p)),S.append($);let rt=Math.max(3,...t.map(f=>Math.min(String(f).length,24)))*6.5+10,O=Math.ceil(t.length/Math.max(1,Math.floor(g/rt))),U=new Map,at=f=>U.get(f)||U.set(f,P(t.map(String),f)).get(f);t.forEach((f,x)=>{let j=b.l+w*x+(w-I)/2,y=m("g",{class:"nbp-bar","data-testid":`${i}-bar`,"data-index":x,"data-label":f,"data-total":c[x]}),N=0;e.forEach((v,lt)=>{let T=v.values[x]||0;T>0&&y.append(m("rect",{x:j,width:I,y:k(N+T),height:Math.max(0,k(N)-k(N+T)),fill:v.color||F(lt)})),N+=T});let pt=m("rect",{x:b.l+w*x,width:w,y:b.t,height:M,fill:"transparent",class:"nbp-hit"});y.append(pt);let st=()=>[...e.map(v=>[v.name,r(v.values[x]||0)]),["Total",r(c[x])]];if(y.addEventListener("mousemove",v=>o&&o.show(v,String(f),st())),y.addEventListener("mouseleave",()=>o&&o.hide()),S.append(y),x%O===0){let v=B(at(Math.max(3,Math.floor((w*O-8)/6.5))).get(String(f)));S.append(m("text",{x:b.l+w*x+w/2,y:b.t+M+14,"text-anchor":"middle","data-label":f},v))}});let it=e.map((f,x)=>({label:f.name,color:f.color||F(x)}));return s("div",{},S,gt(it,`${i}-legend`))}var K=`
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
`;function vt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var J=!1;function wt(){if(J||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=K,document.head.append(t),J=!0}function Q(t){wt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",vt());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function yt(t){return s("table",{},s("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>s("tr",{},s("td",{class:"nbp-muted"},e),s("td",{},n)))))}function tt(t){let e=s("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,r,o){e.replaceChildren(s("div",{class:"nbp-tip-title"},r),yt(o||[])),e.style.display="block";let i=t.getBoundingClientRect(),a=n.clientX-i.left+12,l=n.clientY-i.top+12,p=e.offsetWidth;a+p>i.width&&(a=Math.max(0,n.clientX-i.left-p-12)),e.style.left=`${a}px`,e.style.top=`${l}px`},hide(){e.style.display="none"},element:e}}function Mt(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((r,o)=>[o?o===t.fixes.length-1?" or ":", ":" ",s("code",{},r)]);return s("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function et(t){return!t||!t.length?null:s("details",{class:"nbp-notes","data-testid":"notes"},s("summary",{},`Details (${t.length})`),s("ul",{},t.map(e=>s("li",{"data-testid":"note"},e))))}function nt(t,e,n=120){if(!e)return;let r=`[data-nbprof-id="${CSS.escape(e)}"]`,o=t;for(let i=0;o&&i<8;i++,o=o.parentElement){let a=o.previousElementSibling;if(a&&(a.matches(r)||a.querySelector(r))){a.style.display="none",a.dataset.nbprofHidden="true";return}}n>0&&requestAnimationFrame(()=>nt(t,e,n-1))}function kt(t,e,n,r={}){let o=s("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(o);let i=tt(t);o.append(s("div",{class:"nbp-title"},e?.title||"nbprof"));let a=Mt(e?.banner);if(a&&!r.bannerShown&&o.append(a),!e||e.available===!1){o.append(s("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let p=et(e?.notes);p&&o.append(p);return}e.advice&&o.append(s("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(o,e,{tooltip:i,...r})}catch(p){o.append(s("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${p}`)),console.error(p)}let l=et(e.notes);l&&o.append(l)}function ot(t){return{render({model:e,el:n}){let r=s("div");n.append(r);let o=Q(r),i=l=>e.send({kind:"select",...l}),a=()=>kt(r,e.get("payload"),t,{request:i});return a(),nt(n,e.get("payload")?.static_id),e.on("change:payload",a),()=>{e.off("change:payload",a),o()}}}}function $t(t,e,n){let r=e.steps||[];if(!r.length){t.append(q("no steps"));return}let o=null,i=s("span",{"data-testid":"pod-step-label"}),a=p=>{i.textContent=`step ${r[p]} (${p+1} of ${r.length})`;let c=e.categories.map((h,d)=>({name:h,values:e.workers.map((b,g)=>e.values[p][g][d])})),u=h=>H({labels:e.workers,series:c,yLabel:"time (ms)",xLabel:"worker",format:d=>G(d),tooltip:n.tooltip,testid:"pod-bars",width:h});o?o.setDraw(u):o=Z(u,{testid:"pod-bars"})},l=s("input",{type:"range",min:0,max:r.length-1,step:1,value:0,"data-testid":"pod-step","aria-label":"Step",style:{width:"min(320px, 60vw)"},oninput:p=>a(parseInt(p.target.value,10))});a(0),t.append(s("div",{class:"nbp-toolbar"},s("label",{},"Step",l),i)),t.append(_("Step breakdown per worker",o))}var Ht=ot($t);export{Ht as default,$t as renderPodViewer};
