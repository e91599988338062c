var pt="http://www.w3.org/2000/svg";function G(t,e){for(let[n,o]of Object.entries(e||{}))o==null||o===!1||(n==="style"&&typeof o=="object"?Object.assign(t.style,o):n.startsWith("on")&&typeof o=="function"?t.addEventListener(n.slice(2),o):n==="dataset"?Object.assign(t.dataset,o):t.setAttribute(n==="className"?"class":n,o===!0?"":String(o)))}function H(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function a(t,e,...n){let o=document.createElement(t);return G(o,e),H(o,n),o}function z(t,e,...n){let o=document.createElementNS(pt,t);return G(o,e),H(o,n),o}function O(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function V(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function W(t,e,n="text/csv"){let o=URL.createObjectURL(new Blob([e],{type:n})),r=a("a",{href:o,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(o),1e3)}var lt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function dt(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function D(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[o,r]of lt)if(n>=r||o==="ps")return`${dt(t/r,e)} ${o}`;return`${t} ps`}var A=(t,e)=>D(t*1e6,e),ct=(t,e)=>D(t*1e9,e),X=["B","KiB","MiB","GiB","TiB"];function bt(t,e=2){if(t==null||Number.isNaN(t))return"–";let n=Number(t),o=0;for(;Math.abs(n)>=1024&&o<X.length-1;)n/=1024,o+=1;return o===0?`${n} B`:`${n.toFixed(e)} ${X[o]}`}function j(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function E(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function Y(t,e,n=!1){if(t==null)return"";switch(e){case"ps":return D(t);case"us":return n?A(t):E(t,3);case"ms":return n?ct(t):E(t,3);case"pct":return j(t);case"frac":return j(t*100,1);case"bytes":return bt(t);case"int":return E(t);case"num":return E(t);case"bool":return t?"yes":"no";default:return String(t)}}var B=60,S=18,Z=10;function K(t,e){let n=Math.min(t.length,e.length),o=0;for(;o<n&&t.charCodeAt(o)===e.charCodeAt(o);)o++;return o}function P(t){let e=[...new Set(t.filter(o=>typeof o=="string"))].sort(),n=new Map;return e.forEach((o,r)=>{let s=r>0?K(o,e[r-1]):0,l=r+1<e.length?K(o,e[r+1]):0;n.set(o,Math.max(s,l))}),n}function ft(t,e=0,n=B){if(t.length<=n)return[[t,!0]];if(n<2*S)return[[t.slice(0,Math.max(1,n-1)),!0],[t.slice(Math.max(1,n-1)),!1]];let o=Math.min(24,n-S),r=n-o;if(e+Z<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-o),!1],[t.slice(t.length-o),!0]];let s=n-S,l=Math.min(e-Z,t.length-s),c=l+s,d=[[t.slice(0,S),!0]];return l>S&&d.push([t.slice(S,l),!1]),d.push([t.slice(Math.max(S,l),c),!0]),c<t.length&&d.push([t.slice(c),!1]),d}function I(t,e=0,n=B){let o=t==null?"":String(t),r=ft(o,e,n),s=a("span",{class:"nbp-name",title:r.length>1?o:null,"data-full":r.length>1?"":null});for(let[l,c]of r)s.append(c?document.createTextNode(l):a("span",{class:"nbp-cut"},l));return s}var F=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function J(t){return F[(t%F.length+F.length)%F.length]}function ut(t,e,n=40){return a("div",{class:"nbp-legend","data-testid":e},t.map(o=>a("span",{class:"nbp-legend-item",title:o.label,"data-label":o.label},a("span",{class:"nbp-swatch",style:{background:o.color}}),I(o.label,o.at||0,n))))}function mt(t,e,n,o,r){if(r-o>=Math.PI*2-1e-9)return`M ${t-n} ${e} A ${n} ${n} 0 1 1 ${t+n} ${e} A ${n} ${n} 0 1 1 ${t-n} ${e} Z`;let s=t+n*Math.sin(o),l=e-n*Math.cos(o),c=t+n*Math.sin(r),d=e-n*Math.cos(r);return`M ${t} ${e} L ${s} ${l} A ${n} ${n} 0 ${r-o>Math.PI?1:0} 1 ${c} ${d} Z`}function U({title:t,slices:e,format:n=E,tooltip:o,testid:r="pie",maxSlices:s=10,wide:l=!1}){let c=e.filter(u=>u.value>0).sort((u,M)=>M.value-u.value),d=c.slice(0,s),x=c.slice(s).reduce((u,M)=>u+M.value,0);x>0&&(d=[...d,{label:"Other",value:x}]);let w=d.reduce((u,M)=>u+M.value,0),f=180,h=84,m=f/2,y=z("svg",{width:f,height:f,viewBox:`0 0 ${f} ${f}`,role:"img","aria-label":t}),g=0,_=P(d.map(u=>u.label)),T=d.map((u,M)=>{let L=g+u.value/w*Math.PI*2,k=J(M),i=(g+L)/2,p=z("path",{d:mt(m,m,h,g,L),fill:k,stroke:"var(--nbp-bg)","stroke-width":1,"data-label":u.label,"data-value":u.value,tabindex:"0","data-anchor-x":(m+.6*h*Math.sin(i)).toFixed(1),"data-anchor-y":(m-.6*h*Math.cos(i)).toFixed(1)}),b=v=>o&&o.show(v||{clientX:0,clientY:0},u.label,[["Value",n(u.value)],["Share",j(100*u.value/w)]]);return p.addEventListener("mousemove",b),p.addEventListener("mouseleave",()=>o&&o.hide()),y.append(p),g=L,{label:u.label,color:k,at:_.get(u.label)}});d.length||y.append(z("text",{x:m,y:m,"text-anchor":"middle"},"no data"));let C=ut(T,`${r}-legend`,l?90:30);return l?(C.classList.add("nbp-legend-wide"),a("div",{class:"nbp-pie nbp-pie-wide","data-testid":r},a("div",{style:{fontWeight:600}},t),a("div",{class:"nbp-row"},y,C))):a("div",{class:"nbp-pie","data-testid":r},a("div",{style:{fontWeight:600}},t),y,C)}var ht=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function Q(t){return ht.has(t.type)}function xt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function gt(t,e){let n=o=>{if(o==null)return"";let r=String(o);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(o=>n(o.label)),...e.map(o=>o.map(n))].map(o=>o.join(",")).join(`
`)+`
`}function vt(t,e,n,o){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((x,w)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[w],disabled:w===0,"data-col":x.id,onchange:f=>n(w,f.target.checked)}),x.label))),s=()=>e.filter(x=>!x).length,l=a("summary",{"data-testid":`${o}-columns`}),c=a("details",{class:"nbp-chooser"},l,r),d=()=>{l.textContent=s()?`Columns (${s()} hidden)`:"Columns"};return d(),c.addEventListener("change",d),c.addEventListener("keydown",x=>{x.key==="Escape"&&(c.open=!1,l.focus())}),c}function tt(t){let e=t.columns,n=t.rows||[],o=e.map((i,p)=>p===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},s=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,l=t.testid||"table",c=new Map,d=B,x=e.map((i,p)=>{let b=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===p?r.desc=!r.desc:(r.sort=p,r.desc=Q(i)),k()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:T(i,p),"data-col":i.id},b)}),w=a("tr"),f=a("tbody"),h=a("table",{class:"nbp-table","data-testid":l},a("thead",{},w),f),m=a("span",{class:"nbp-note","data-testid":`${l}-count`}),y=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,k()}},"Show more rows"),g=a("div",{class:"nbp-toolbar"});s>=0&&g.append(a("label",{},`Filter by ${e[s].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${l}-filter`,"aria-label":`Filter by ${e[s].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),k()}}))),e.length>2&&t.chooser!==!1&&g.append(vt(e,o,(i,p)=>{o[i]=p,k()},l)),t.csvName&&g.append(a("button",{type:"button","data-testid":`${l}-csv`,onclick:()=>W(t.csvName,gt(e,u()))},"Export as CSV")),g.append(m);let _=a("div",{class:"nbp-table-box"},g,a("div",{class:"nbp-table-wrap","data-testid":`${l}-scroller`},h),y);function T(i,p){return[Q(i)?"nbp-num":"",p===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function C(){c=new Map,e.forEach((i,p)=>{i.type==="name"&&c.set(p,P(n.map(b=>b[p])))})}function u(){let i=n;if(r.filter&&s>=0&&(i=i.filter(p=>String(p[s]??"").toLowerCase().includes(r.filter))),r.sort>=0){let p=r.sort,b=r.desc?-1:1;i=i.map((v,$)=>[v,$]).sort((v,$)=>{let N=xt(v[0][p],$[0][p]);return N===0?v[1]-$[1]:v[0][p]===null||v[0][p]===void 0||$[0][p]===null||$[0][p]===void 0?N:b*N}).map(v=>v[0])}return i}function M(i,p,b,v){let $;i.type==="name"?$=I(b,c.get(p)?.get(b)||0,d):$=Y(b,i.type);let N=(i.type==="str"||i.type==="name")&&b!==null&&b!==void 0?String(b):null,R=a("td",{class:T(i,p),title:N},$);if(i.color){let q=i.color(b,v);q&&(R.style.background=q,R.style.color="#111")}return R}function L(i){let p=a("tr",{tabindex:"0"},e.map((b,v)=>o[v]?M(b,v,i[v],i):null));return t.onHover&&(p.addEventListener("mouseenter",b=>t.onHover(i,b)),p.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&p.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&p.addEventListener("click",()=>t.onSelect(i)),p.addEventListener("keydown",b=>{b.key==="ArrowDown"&&p.nextElementSibling&&(b.preventDefault(),p.nextElementSibling.focus()),b.key==="ArrowUp"&&p.previousElementSibling&&(b.preventDefault(),p.previousElementSibling.focus()),(b.key==="Enter"||b.key===" ")&&t.onSelect&&(b.preventDefault(),t.onSelect(i))}),p}function k(){w.replaceChildren(...x.filter((p,b)=>o[b])),x.forEach((p,b)=>{p.setAttribute("aria-sort",b===r.sort?r.desc?"descending":"ascending":"none"),p.querySelector(".nbp-sort-mark").textContent=b===r.sort?r.desc?"▼":"▲":""});let i=u();f.replaceChildren(...i.slice(0,r.limit).map(L)),m.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,y.style.display=i.length>r.limit?"":"none"}return C(),k(),typeof ResizeObserver<"u"&&e.some(i=>i.type==="name")&&new ResizeObserver(i=>{let p=i[i.length-1].contentRect.width,b=Math.max(24,Math.min(90,Math.floor((.46*p-16)/7)));p>0&&Math.abs(b-d)>=4&&requestAnimationFrame(()=>{d=b,k()})}).observe(_),{el:_,setRows(i){n=i,C(),k()},visibleRows:u}}var et=`
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
`;function wt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var nt=!1;function yt(){if(nt||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=et,document.head.append(t),nt=!0}function ot(t){yt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",wt());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function kt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},n)))))}function rt(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,o,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},o),kt(r||[])),e.style.display="block";let s=t.getBoundingClientRect(),l=n.clientX-s.left+12,c=n.clientY-s.top+12,d=e.offsetWidth;l+d>s.width&&(l=Math.max(0,n.clientX-s.left-d-12)),e.style.left=`${l}px`,e.style.top=`${c}px`},hide(){e.style.display="none"},element:e}}function $t(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((o,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},o)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function at(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function Mt(t,e){if(!e)return;let n=t;for(let o=0;n&&o<8;o++,n=n.parentElement){let r=n.previousElementSibling;if(!r)continue;if(r.matches(`[data-nbprof-id="${CSS.escape(e)}"]`)?r:r.querySelector(`[data-nbprof-id="${CSS.escape(e)}"]`)){r.style.display="none",r.dataset.nbprofHidden="true";return}}}function St(t,e,n,o={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let s=rt(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let l=$t(e?.banner);if(l&&!o.bannerShown&&r.append(l),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let d=at(e?.notes);d&&r.append(d);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(r,e,{tooltip:s,...o})}catch(d){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${d}`)),console.error(d)}let c=at(e.notes);c&&r.append(c)}function it(t){return{render({model:e,el:n}){let o=a("div");n.append(o);let r=ot(o),s=()=>St(o,e.get("payload"),t);return s(),Mt(n,e.get("payload")?.static_id),e.on("change:payload",s),()=>{e.off("change:payload",s),r()}}}}function st(t,e,n){let o=new Map;for(let r of t)o.set(r[e],(o.get(r[e])||0)+(r[n]||0));return[...o].map(([r,s])=>({label:String(r),value:s}))}function Ct(t,e,n,o){if(o||!n||n.device===void 0)return t;let r={device:n.device-n.device_idle,host:n.host-n.host_idle},s=t.map(l=>{let c=l.slice(),d=String(l[e.where]).toLowerCase();return e.devPct>=0&&(c[e.devPct]=d==="device"&&r.device>0?100*l[e.self]/r.device:0),e.hostPct>=0&&(c[e.hostPct]=d==="host"&&r.host>0?100*l[e.self]/r.host:0),c});for(let[l,c,d]of[["device",e.devPct,e.devCum],["host",e.hostPct,e.hostCum]]){if(c<0||d<0)continue;let x=s.filter(f=>String(f[e.where]).toLowerCase()===l).sort((f,h)=>h[e.self]-f[e.self]||(String(f[e.name])<String(h[e.name])?-1:String(f[e.name])>String(h[e.name])?1:0)),w=0;for(let f of x)w+=f[c],f[d]=w;for(let f of s)String(f[e.where]).toLowerCase()!==l&&(f[d]=0)}return s}function Et(t,e,n){let o=e.table,r=h=>o.columns.findIndex(m=>m.id===h),s={where:r("host_or_device"),type:r("type"),name:r("name"),self:r("total_self_time_us"),devPct:r("device_self_time_pct"),hostPct:r("host_self_time_pct"),devCum:r("device_cumulative_self_time_pct"),hostCum:r("host_cumulative_self_time_pct")},l=h=>String(h[s.type]).toUpperCase()==="IDLE",c=!0,d=a("div",{class:"nbp-row","data-testid":"pies"}),x=tt({columns:o.columns,rows:o.rows,sortBy:"total_self_time_us",sortDesc:!0,filterColumn:"name",csvName:e.csv_name||"framework_op_stats.csv",testid:"op-stats"});function w(){let h=Ct(c?o.rows:o.rows.filter(m=>!l(m)),s,e.totals,c);x.setRows(h),d.replaceChildren();for(let m of["Device","Host"]){let y=h.filter(g=>String(g[s.where]).toLowerCase()===m.toLowerCase());y.length&&(d.append(U({title:`${m}-side self time by op type`,slices:st(y,s.type,s.self),format:g=>A(g),tooltip:n.tooltip,testid:`pie-${m.toLowerCase()}-type`})),d.append(U({title:`${m}-side self time by op`,slices:st(y,s.name,s.self),format:g=>A(g),tooltip:n.tooltip,testid:`pie-${m.toLowerCase()}-op`})))}}let f=a("label",{},a("input",{type:"checkbox",checked:!0,"data-testid":"include-idle",onchange:h=>{c=h.target.checked,w()}}),"Include idle time");t.append(a("div",{class:"nbp-toolbar"},f)),t.append(O("Self time",d)),t.append(O("Ops",o.rows.length?x.el:V("no ops"))),w()}var oe=it(Et);export{oe as default,Et as renderFrameworkOpStats};
