var st="http://www.w3.org/2000/svg";function q(t,e){for(let[o,n]of Object.entries(e||{}))n==null||n===!1||(o==="style"&&typeof n=="object"?Object.assign(t.style,n):o.startsWith("on")&&typeof n=="function"?t.addEventListener(o.slice(2),n):o==="dataset"?Object.assign(t.dataset,n):t.setAttribute(o==="className"?"class":o,n===!0?"":String(n)))}function G(t,e){for(let o of e.flat(1/0))o==null||o===!1||t.append(o instanceof Node?o:document.createTextNode(String(o)))}function a(t,e,...o){let n=document.createElement(t);return q(n,e),G(n,o),n}function j(t,e,...o){let n=document.createElementNS(st,t);return q(n,e),G(n,o),n}function _(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function H(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function V(t,e,o="text/csv"){let n=URL.createObjectURL(new Blob([e],{type:o})),r=a("a",{href:n,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(n),1e3)}var pt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function lt(t,e){let o=t.toFixed(e);return o.includes(".")?o.replace(/\.?0+$/,""):o}function D(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let o=Math.abs(t);for(let[n,r]of pt)if(o>=r||n==="ps")return`${lt(t/r,e)} ${n}`;return`${t} ps`}var P=(t,e)=>D(t*1e6,e),dt=(t,e)=>D(t*1e9,e),W=["B","KiB","MiB","GiB","TiB"];function ct(t,e=2){if(t==null||Number.isNaN(t))return"–";let o=Number(t),n=0;for(;Math.abs(o)>=1024&&n<W.length-1;)o/=1024,n+=1;return n===0?`${o} B`:`${o.toFixed(e)} ${W[n]}`}function A(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function E(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function X(t,e,o=!1){if(t==null)return"";switch(e){case"ps":return D(t);case"us":return o?P(t):E(t,3);case"ms":return o?dt(t):E(t,3);case"pct":return A(t);case"frac":return A(t*100,1);case"bytes":return ct(t);case"int":return E(t);case"num":return E(t);case"bool":return t?"yes":"no";default:return String(t)}}var B=60,$=18,Y=10;function K(t,e){let o=Math.min(t.length,e.length),n=0;for(;n<o&&t.charCodeAt(n)===e.charCodeAt(n);)n++;return n}function F(t){let e=[...new Set(t.filter(n=>typeof n=="string"))].sort(),o=new Map;return e.forEach((n,r)=>{let d=r>0?K(n,e[r-1]):0,l=r+1<e.length?K(n,e[r+1]):0;o.set(n,Math.max(d,l))}),o}function bt(t,e=0,o=B){if(t.length<=o)return[[t,!0]];if(o<2*$)return[[t.slice(0,Math.max(1,o-1)),!0],[t.slice(Math.max(1,o-1)),!1]];let n=Math.min(24,o-$),r=o-n;if(e+Y<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-n),!1],[t.slice(t.length-n),!0]];let d=o-$,l=Math.min(e-Y,t.length-d),b=l+d,p=[[t.slice(0,$),!0]];return l>$&&p.push([t.slice($,l),!1]),p.push([t.slice(Math.max($,l),b),!0]),b<t.length&&p.push([t.slice(b),!1]),p}function I(t,e=0,o=B){let n=t==null?"":String(t),r=bt(n,e,o),d=a("span",{class:"nbp-name",title:r.length>1?n:null,"data-full":r.length>1?"":null});for(let[l,b]of r)d.append(b?document.createTextNode(l):a("span",{class:"nbp-cut"},l));return d}var R=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function Z(t){return R[(t%R.length+R.length)%R.length]}function ut(t,e,o=40){return a("div",{class:"nbp-legend","data-testid":e},t.map(n=>a("span",{class:"nbp-legend-item",title:n.label,"data-label":n.label},a("span",{class:"nbp-swatch",style:{background:n.color}}),I(n.label,n.at||0,o))))}function ft(t,e,o,n,r){if(r-n>=Math.PI*2-1e-9)return`M ${t-o} ${e} A ${o} ${o} 0 1 1 ${t+o} ${e} A ${o} ${o} 0 1 1 ${t-o} ${e} Z`;let d=t+o*Math.sin(n),l=e-o*Math.cos(n),b=t+o*Math.sin(r),p=e-o*Math.cos(r);return`M ${t} ${e} L ${d} ${l} A ${o} ${o} 0 ${r-n>Math.PI?1:0} 1 ${b} ${p} Z`}function J({title:t,slices:e,format:o=E,tooltip:n,testid:r="pie",maxSlices:d=10,wide:l=!1}){let b=e.filter(u=>u.value>0).sort((u,k)=>k.value-u.value),p=b.slice(0,d),m=b.slice(d).reduce((u,k)=>u+k.value,0);m>0&&(p=[...p,{label:"Other",value:m}]);let w=p.reduce((u,k)=>u+k.value,0),x=180,N=84,y=x/2,M=j("svg",{width:x,height:x,viewBox:`0 0 ${x} ${x}`,role:"img","aria-label":t}),h=0,T=F(p.map(u=>u.label)),z=p.map((u,k)=>{let C=h+u.value/w*Math.PI*2,g=Z(k),i=(h+C)/2,s=j("path",{d:ft(y,y,N,h,C),fill:g,stroke:"var(--nbp-bg)","stroke-width":1,"data-label":u.label,"data-value":u.value,tabindex:"0","data-anchor-x":(y+.6*N*Math.sin(i)).toFixed(1),"data-anchor-y":(y-.6*N*Math.cos(i)).toFixed(1)}),c=f=>n&&n.show(f||{clientX:0,clientY:0},u.label,[["Value",o(u.value)],["Share",A(100*u.value/w)]]);return s.addEventListener("mousemove",c),s.addEventListener("mouseleave",()=>n&&n.hide()),M.append(s),h=C,{label:u.label,color:g,at:T.get(u.label)}});p.length||M.append(j("text",{x:y,y,"text-anchor":"middle"},"no data"));let S=ut(z,`${r}-legend`,l?90:30);return l?(S.classList.add("nbp-legend-wide"),a("div",{class:"nbp-pie nbp-pie-wide","data-testid":r},a("div",{style:{fontWeight:600}},t),a("div",{class:"nbp-row"},M,S))):a("div",{class:"nbp-pie","data-testid":r},a("div",{style:{fontWeight:600}},t),M,S)}var mt=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function Q(t){return mt.has(t.type)}function xt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function ht(t,e){let o=n=>{if(n==null)return"";let r=String(n);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(n=>o(n.label)),...e.map(n=>n.map(o))].map(n=>n.join(",")).join(`
`)+`
`}function gt(t,e,o,n){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((m,w)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[w],disabled:w===0,"data-col":m.id,onchange:x=>o(w,x.target.checked)}),m.label))),d=()=>e.filter(m=>!m).length,l=a("summary",{"data-testid":`${n}-columns`}),b=a("details",{class:"nbp-chooser"},l,r),p=()=>{l.textContent=d()?`Columns (${d()} hidden)`:"Columns"};return p(),b.addEventListener("change",p),b.addEventListener("keydown",m=>{m.key==="Escape"&&(b.open=!1,l.focus())}),b}function tt(t){let e=t.columns,o=t.rows||[],n=e.map((i,s)=>s===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},d=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,l=t.testid||"table",b=new Map,p=B,m=e.map((i,s)=>{let c=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===s?r.desc=!r.desc:(r.sort=s,r.desc=Q(i)),g()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:z(i,s),"data-col":i.id},c)}),w=a("tr"),x=a("tbody"),N=a("table",{class:"nbp-table","data-testid":l},a("thead",{},w),x),y=a("span",{class:"nbp-note","data-testid":`${l}-count`}),M=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,g()}},"Show more rows"),h=a("div",{class:"nbp-toolbar"});d>=0&&h.append(a("label",{},`Filter by ${e[d].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${l}-filter`,"aria-label":`Filter by ${e[d].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),g()}}))),e.length>2&&t.chooser!==!1&&h.append(gt(e,n,(i,s)=>{n[i]=s,g()},l)),t.csvName&&h.append(a("button",{type:"button","data-testid":`${l}-csv`,onclick:()=>V(t.csvName,ht(e,u()))},"Export as CSV")),h.append(y);let T=a("div",{class:"nbp-table-box"},h,a("div",{class:"nbp-table-wrap","data-testid":`${l}-scroller`},N),M);function z(i,s){return[Q(i)?"nbp-num":"",s===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function S(){b=new Map,e.forEach((i,s)=>{i.type==="name"&&b.set(s,F(o.map(c=>c[s])))})}function u(){let i=o;if(r.filter&&d>=0&&(i=i.filter(s=>String(s[d]??"").toLowerCase().includes(r.filter))),r.sort>=0){let s=r.sort,c=r.desc?-1:1;i=i.map((f,v)=>[f,v]).sort((f,v)=>{let L=xt(f[0][s],v[0][s]);return L===0?f[1]-v[1]:f[0][s]===null||f[0][s]===void 0||v[0][s]===null||v[0][s]===void 0?L:c*L}).map(f=>f[0])}return i}function k(i,s,c,f){let v;i.type==="name"?v=I(c,b.get(s)?.get(c)||0,p):v=X(c,i.type);let L=(i.type==="str"||i.type==="name")&&c!==null&&c!==void 0?String(c):null,O=a("td",{class:z(i,s),title:L},v);if(i.color){let U=i.color(c,f);U&&(O.style.background=U,O.style.color="#111")}return O}function C(i){let s=a("tr",{tabindex:"0"},e.map((c,f)=>n[f]?k(c,f,i[f],i):null));return t.onHover&&(s.addEventListener("mouseenter",c=>t.onHover(i,c)),s.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&s.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&s.addEventListener("click",()=>t.onSelect(i)),s.addEventListener("keydown",c=>{c.key==="ArrowDown"&&s.nextElementSibling&&(c.preventDefault(),s.nextElementSibling.focus()),c.key==="ArrowUp"&&s.previousElementSibling&&(c.preventDefault(),s.previousElementSibling.focus()),(c.key==="Enter"||c.key===" ")&&t.onSelect&&(c.preventDefault(),t.onSelect(i))}),s}function g(){w.replaceChildren(...m.filter((s,c)=>n[c])),m.forEach((s,c)=>{s.setAttribute("aria-sort",c===r.sort?r.desc?"descending":"ascending":"none"),s.querySelector(".nbp-sort-mark").textContent=c===r.sort?r.desc?"▼":"▲":""});let i=u();x.replaceChildren(...i.slice(0,r.limit).map(C)),y.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,M.style.display=i.length>r.limit?"":"none"}return S(),g(),typeof ResizeObserver<"u"&&e.some(i=>i.type==="name")&&new ResizeObserver(i=>{let s=i[i.length-1].contentRect.width,c=Math.max(24,Math.min(90,Math.floor((.46*s-16)/7)));s>0&&Math.abs(c-p)>=4&&requestAnimationFrame(()=>{p=c,g()})}).observe(T),{el:T,setRows(i){o=i,S(),g()},visibleRows:u}}var et=`
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
`;function vt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var nt=!1;function wt(){if(nt||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=et,document.head.append(t),nt=!0}function ot(t){wt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",vt());e();let o=new MutationObserver(e);return o.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>o.disconnect()}function yt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,o])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},o)))))}function rt(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(o,n,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},n),yt(r||[])),e.style.display="block";let d=t.getBoundingClientRect(),l=o.clientX-d.left+12,b=o.clientY-d.top+12,p=e.offsetWidth;l+p>d.width&&(l=Math.max(0,o.clientX-d.left-p-12)),e.style.left=`${l}px`,e.style.top=`${b}px`},hide(){e.style.display="none"},element:e}}function kt(t,e="banner"){if(!t||!t.text)return null;let o=(t.fixes||[]).flatMap((n,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},n)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,o.length?[" Mark each step with",...o,"."]:null)}function at(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function Mt(t,e){if(!e)return;let o=t;for(let n=0;o&&n<8;n++,o=o.parentElement){let r=o.previousElementSibling;if(!r)continue;if(r.matches(`[data-nbprof-id="${CSS.escape(e)}"]`)?r:r.querySelector(`[data-nbprof-id="${CSS.escape(e)}"]`)){r.style.display="none",r.dataset.nbprofHidden="true";return}}}function $t(t,e,o,n={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let d=rt(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let l=kt(e?.banner);if(l&&!n.bannerShown&&r.append(l),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let p=at(e?.notes);p&&r.append(p);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{o(r,e,{tooltip:d,...n})}catch(p){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${p}`)),console.error(p)}let b=at(e.notes);b&&r.append(b)}function it(t){return{render({model:e,el:o}){let n=a("div");o.append(n);let r=ot(n),d=()=>$t(n,e.get("payload"),t);return d(),Mt(o,e.get("payload")?.static_id),e.on("change:payload",d),()=>{e.off("change:payload",d),r()}}}}function St(t,e,o){let n=e.table,r=n.columns.findIndex(p=>p.id==="kernel_name"),d=n.columns.findIndex(p=>p.id==="total_duration_us"),l=new Map;for(let p of n.rows)l.set(p[r],(l.get(p[r])||0)+(p[d]||0));let b=[...l].map(([p,m])=>({label:String(p),value:m}));t.append(_("Top kernels by total time",J({title:"Total duration",slices:b,format:p=>P(p),tooltip:o.tooltip,testid:"pie-kernels",wide:!0}))),t.append(_("Kernels",n.rows.length?tt({columns:n.columns,rows:n.rows,sortBy:"total_duration_us",sortDesc:!0,filterColumn:"kernel_name",csvName:"kernel_stats.csv",testid:"kernels"}).el:H("no kernels")))}var ne=it(St);export{ne as default,St as renderKernelStats};
