var dt="http://www.w3.org/2000/svg";function H(t,e){for(let[n,o]of Object.entries(e||{}))o==null||o===!1||(n==="style"&&typeof o=="object"?Object.assign(t.style,o):n.startsWith("on")&&typeof o=="function"?t.addEventListener(n.slice(2),o):n==="dataset"?Object.assign(t.dataset,o):t.setAttribute(n==="className"?"class":n,o===!0?"":String(o)))}function W(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function a(t,e,...n){let o=document.createElement(t);return H(o,e),W(o,n),o}function j(t,e,...n){let o=document.createElementNS(dt,t);return H(o,e),W(o,n),o}function D(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function V(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function X(t,e,n="text/csv"){let o=URL.createObjectURL(new Blob([e],{type:n})),r=a("a",{href:o,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(o),1e3)}var ct=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function bt(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function U(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[o,r]of ct)if(n>=r||o==="ps")return`${bt(t/r,e)} ${o}`;return`${t} ps`}var B=(t,e)=>U(t*1e6,e),ft=(t,e)=>U(t*1e9,e),Y=["B","KiB","MiB","GiB","TiB"];function ut(t,e=2){if(t==null||Number.isNaN(t))return"–";let n=Number(t),o=0;for(;Math.abs(n)>=1024&&o<Y.length-1;)n/=1024,o+=1;return o===0?`${n} B`:`${n.toFixed(e)} ${Y[o]}`}function A(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function C(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function Z(t,e,n=!1){if(t==null)return"";switch(e){case"ps":return U(t);case"us":return n?B(t):C(t,3);case"ms":return n?ft(t):C(t,3);case"pct":return A(t);case"frac":return A(t*100,1);case"bytes":return ut(t);case"int":return C(t);case"num":return C(t);case"bool":return t?"yes":"no";default:return String(t)}}var P=60,E=18,K=10;function J(t,e){let n=Math.min(t.length,e.length),o=0;for(;o<n&&t.charCodeAt(o)===e.charCodeAt(o);)o++;return o}function I(t){let e=[...new Set(t.filter(o=>typeof o=="string"))].sort(),n=new Map;return e.forEach((o,r)=>{let s=r>0?J(o,e[r-1]):0,p=r+1<e.length?J(o,e[r+1]):0;n.set(o,Math.max(s,p))}),n}function mt(t,e=0,n=P){if(t.length<=n+4)return[[t,!0]];if(n<2*E){let m=Math.max(1,Math.floor(n*.4));if(e+2<=n-1)return[[t.slice(0,n-1),!0],[t.slice(n-1),!1]];let g=Math.max(1,n-m-1);return[[t.slice(0,m),!0],[t.slice(m,t.length-g),!1],[t.slice(t.length-g),!0]]}let o=Math.min(24,Math.floor(n/3)),r=n-o;if(e+K<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-o),!1],[t.slice(t.length-o),!0]];let s=n-E,p=Math.min(e-K,t.length-s),c=p+s,d=[[t.slice(0,E),!0]];return p>E&&d.push([t.slice(E,p),!1]),d.push([t.slice(Math.max(E,p),c),!0]),c<t.length&&d.push([t.slice(c),!1]),d}function F(t,e=0,n=P){let o=t==null?"":String(t),r=mt(o,e,n),s=a("span",{class:"nbp-name",title:r.length>1?o:null,"data-full":r.length>1?"":null});for(let[p,c]of r)s.append(c?document.createTextNode(p):a("span",{class:"nbp-cut"},p));return s}var R=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function Q(t){return R[(t%R.length+R.length)%R.length]}function ht(t,e,n=40){return a("div",{class:"nbp-legend","data-testid":e},t.map(o=>a("span",{class:"nbp-legend-item",title:o.label,"data-label":o.label},a("span",{class:"nbp-swatch",style:{background:o.color}}),F(o.label,o.at||0,n))))}function xt(t,e,n,o,r){if(r-o>=Math.PI*2-1e-9)return`M ${t-n} ${e} A ${n} ${n} 0 1 1 ${t+n} ${e} A ${n} ${n} 0 1 1 ${t-n} ${e} Z`;let s=t+n*Math.sin(o),p=e-n*Math.cos(o),c=t+n*Math.sin(r),d=e-n*Math.cos(r);return`M ${t} ${e} L ${s} ${p} A ${n} ${n} 0 ${r-o>Math.PI?1:0} 1 ${c} ${d} Z`}function q({title:t,slices:e,format:n=C,tooltip:o,testid:r="pie",maxSlices:s=10,wide:p=!1}){let c=e.filter(u=>u.value>0).sort((u,$)=>$.value-u.value),d=c.slice(0,s),m=c.slice(s).reduce((u,$)=>u+$.value,0);m>0&&(d=[...d,{label:"Other",value:m}]);let g=d.reduce((u,$)=>u+$.value,0),f=180,h=84,x=f/2,k=j("svg",{width:f,height:f,viewBox:`0 0 ${f} ${f}`,role:"img","aria-label":t}),w=0,T=I(d.map(u=>u.label)),z=d.map((u,$)=>{let L=w+u.value/g*Math.PI*2,M=Q($),N=(w+L)/2,i=j("path",{d:xt(x,x,h,w,L),fill:M,stroke:"var(--nbp-bg)","stroke-width":1,"data-label":u.label,"data-value":u.value,tabindex:"0","data-anchor-x":(x+.6*h*Math.sin(N)).toFixed(1),"data-anchor-y":(x-.6*h*Math.cos(N)).toFixed(1)}),l=b=>o&&o.show(b||{clientX:0,clientY:0},u.label,[["Value",n(u.value)],["Share",A(100*u.value/g)]]);return i.addEventListener("mousemove",l),i.addEventListener("mouseleave",()=>o&&o.hide()),k.append(i),w=L,{label:u.label,color:M,at:T.get(u.label)}});d.length||k.append(j("text",{x,y:x,"text-anchor":"middle"},"no data"));let S=ht(z,`${r}-legend`,p?90:28);return p?(S.classList.add("nbp-legend-wide"),a("div",{class:"nbp-pie nbp-pie-wide","data-testid":r},a("div",{style:{fontWeight:600}},t),a("div",{class:"nbp-row"},k,S))):a("div",{class:"nbp-pie","data-testid":r},a("div",{style:{fontWeight:600}},t),k,S)}var gt=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function vt(t,e){let n=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",o=document.createElement("canvas").getContext("2d");return o?(o.font=getComputedStyle(t).font,Math.max(4,o.measureText(n).width/n.length)||7):7}function tt(t){return gt.has(t.type)}function wt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function yt(t,e){let n=o=>{if(o==null)return"";let r=String(o);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(o=>n(o.label)),...e.map(o=>o.map(n))].map(o=>o.join(",")).join(`
`)+`
`}function kt(t,e,n,o){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((m,g)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[g],disabled:g===0,"data-col":m.id,onchange:f=>n(g,f.target.checked)}),m.label))),s=()=>e.filter(m=>!m).length,p=a("summary",{"data-testid":`${o}-columns`}),c=a("details",{class:"nbp-chooser"},p,r),d=()=>{p.textContent=s()?`Columns (${s()} hidden)`:"Columns"};return d(),c.addEventListener("change",d),c.addEventListener("keydown",m=>{m.key==="Escape"&&(c.open=!1,p.focus())}),c}function et(t){let e=t.columns,n=t.rows||[],o=e.map((i,l)=>l===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},s=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,p=t.testid||"table",c=new Map,d=P,m=e.map((i,l)=>{let b=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===l?r.desc=!r.desc:(r.sort=l,r.desc=tt(i)),M()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:z(i,l),"data-col":i.id},b)}),g=a("tr"),f=a("tbody"),h=a("table",{class:"nbp-table","data-testid":p},a("thead",{},g),f),x=a("span",{class:"nbp-note","data-testid":`${p}-count`}),k=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,M()}},"Show more rows"),w=a("div",{class:"nbp-toolbar"});s>=0&&w.append(a("label",{},`Filter by ${e[s].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${p}-filter`,"aria-label":`Filter by ${e[s].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),M()}}))),e.length>2&&t.chooser!==!1&&w.append(kt(e,o,(i,l)=>{o[i]=l,M()},p)),t.csvName&&w.append(a("button",{type:"button","data-testid":`${p}-csv`,onclick:()=>X(t.csvName,yt(e,u()))},"Export as CSV")),w.append(x);let T=a("div",{class:"nbp-table-box"},w,a("div",{class:"nbp-table-wrap","data-testid":`${p}-scroller`},h),k);function z(i,l){return[tt(i)?"nbp-num":"",l===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function S(){c=new Map,e.forEach((i,l)=>{i.type==="name"&&c.set(l,I(n.map(b=>b[l])))})}function u(){let i=n;if(r.filter&&s>=0&&(i=i.filter(l=>String(l[s]??"").toLowerCase().includes(r.filter))),r.sort>=0){let l=r.sort,b=r.desc?-1:1;i=i.map((v,y)=>[v,y]).sort((v,y)=>{let _=wt(v[0][l],y[0][l]);return _===0?v[1]-y[1]:v[0][l]===null||v[0][l]===void 0||y[0][l]===null||y[0][l]===void 0?_:b*_}).map(v=>v[0])}return i}function $(i,l,b,v){let y;i.type==="name"?y=F(b,c.get(l)?.get(b)||0,d):y=Z(b,i.type);let _=(i.type==="str"||i.type==="name")&&b!==null&&b!==void 0?String(b):null,O=a("td",{class:z(i,l),title:_},y);if(i.color){let G=i.color(b,v);G&&(O.style.background=G,O.style.color="#111")}return O}function L(i){let l=a("tr",{tabindex:"0"},e.map((b,v)=>o[v]?$(b,v,i[v],i):null));return t.onHover&&(l.addEventListener("mouseenter",b=>t.onHover(i,b)),l.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&l.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&l.addEventListener("click",()=>t.onSelect(i)),l.addEventListener("keydown",b=>{b.key==="ArrowDown"&&l.nextElementSibling&&(b.preventDefault(),l.nextElementSibling.focus()),b.key==="ArrowUp"&&l.previousElementSibling&&(b.preventDefault(),l.previousElementSibling.focus()),(b.key==="Enter"||b.key===" ")&&t.onSelect&&(b.preventDefault(),t.onSelect(i))}),l}function M(){g.replaceChildren(...m.filter((l,b)=>o[b])),m.forEach((l,b)=>{l.setAttribute("aria-sort",b===r.sort?r.desc?"descending":"ascending":"none"),l.querySelector(".nbp-sort-mark").textContent=b===r.sort?r.desc?"▼":"▲":""});let i=u();f.replaceChildren(...i.slice(0,r.limit).map(L)),x.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,k.style.display=i.length>r.limit?"":"none"}S(),M();let N=e.findIndex(i=>i.type==="name");if(typeof ResizeObserver<"u"&&N>=0){let i=0;new ResizeObserver(l=>{let b=l[l.length-1].contentRect.width;if(!(b>0))return;i||(i=1.12*vt(h,n.slice(0,50).map(y=>String(y[N]??""))));let v=Math.max(24,Math.min(90,Math.floor((Math.min(.4*b,560)-14)/i)));Math.abs(v-d)>=2&&requestAnimationFrame(()=>{d=v,M()})}).observe(T)}return{el:T,setRows(i){n=i,S(),M()},visibleRows:u}}var nt=`
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
`;function Mt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var ot=!1;function $t(){if(ot||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=nt,document.head.append(t),ot=!0}function rt(t){$t(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",Mt());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function St(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},n)))))}function at(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,o,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},o),St(r||[])),e.style.display="block";let s=t.getBoundingClientRect(),p=n.clientX-s.left+12,c=n.clientY-s.top+12,d=e.offsetWidth;p+d>s.width&&(p=Math.max(0,n.clientX-s.left-d-12)),e.style.left=`${p}px`,e.style.top=`${c}px`},hide(){e.style.display="none"},element:e}}function Ct(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((o,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},o)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function it(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function st(t,e,n=120){if(!e)return;let o=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let s=0;r&&s<8;s++,r=r.parentElement){let p=r.previousElementSibling;if(p&&(p.matches(o)||p.querySelector(o))){p.style.display="none",p.dataset.nbprofHidden="true";return}}n>0&&requestAnimationFrame(()=>st(t,e,n-1))}function Et(t,e,n,o={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let s=at(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let p=Ct(e?.banner);if(p&&!o.bannerShown&&r.append(p),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let d=it(e?.notes);d&&r.append(d);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(r,e,{tooltip:s,...o})}catch(d){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${d}`)),console.error(d)}let c=it(e.notes);c&&r.append(c)}function pt(t){return{render({model:e,el:n}){let o=a("div");n.append(o);let r=rt(o),s=()=>Et(o,e.get("payload"),t);return s(),st(n,e.get("payload")?.static_id),e.on("change:payload",s),()=>{e.off("change:payload",s),r()}}}}function lt(t,e,n){let o=new Map;for(let r of t)o.set(r[e],(o.get(r[e])||0)+(r[n]||0));return[...o].map(([r,s])=>({label:String(r),value:s}))}function Lt(t,e,n,o){if(o||!n||n.device===void 0)return t;let r={device:n.device-n.device_idle,host:n.host-n.host_idle},s=t.map(p=>{let c=p.slice(),d=String(p[e.where]).toLowerCase();return e.devPct>=0&&(c[e.devPct]=d==="device"&&r.device>0?100*p[e.self]/r.device:0),e.hostPct>=0&&(c[e.hostPct]=d==="host"&&r.host>0?100*p[e.self]/r.host:0),c});for(let[p,c,d]of[["device",e.devPct,e.devCum],["host",e.hostPct,e.hostCum]]){if(c<0||d<0)continue;let m=s.filter(f=>String(f[e.where]).toLowerCase()===p).sort((f,h)=>h[e.self]-f[e.self]||(String(f[e.name])<String(h[e.name])?-1:String(f[e.name])>String(h[e.name])?1:0)),g=0;for(let f of m)g+=f[c],f[d]=g;for(let f of s)String(f[e.where]).toLowerCase()!==p&&(f[d]=0)}return s}function Nt(t,e,n){let o=e.table,r=h=>o.columns.findIndex(x=>x.id===h),s={where:r("host_or_device"),type:r("type"),name:r("name"),self:r("total_self_time_us"),devPct:r("device_self_time_pct"),hostPct:r("host_self_time_pct"),devCum:r("device_cumulative_self_time_pct"),hostCum:r("host_cumulative_self_time_pct")},p=h=>String(h[s.type]).toUpperCase()==="IDLE",c=!0,d=a("div",{class:"nbp-row","data-testid":"pies"}),m=et({columns:o.columns,rows:o.rows,sortBy:"total_self_time_us",sortDesc:!0,filterColumn:"name",csvName:e.csv_name||"framework_op_stats.csv",testid:"op-stats"});function g(){let h=Lt(c?o.rows:o.rows.filter(x=>!p(x)),s,e.totals,c);m.setRows(h),d.replaceChildren();for(let x of["Device","Host"]){let k=h.filter(w=>String(w[s.where]).toLowerCase()===x.toLowerCase());k.length&&(d.append(q({title:`${x}-side self time by op type`,slices:lt(k,s.type,s.self),format:w=>B(w),tooltip:n.tooltip,testid:`pie-${x.toLowerCase()}-type`})),d.append(q({title:`${x}-side self time by op`,slices:lt(k,s.name,s.self),format:w=>B(w),tooltip:n.tooltip,testid:`pie-${x.toLowerCase()}-op`})))}}let f=a("label",{},a("input",{type:"checkbox",checked:!0,"data-testid":"include-idle",onchange:h=>{c=h.target.checked,g()}}),"Include idle time");t.append(a("div",{class:"nbp-toolbar"},f)),t.append(D("Self time",d)),t.append(D("Ops",o.rows.length?m.el:V("no ops"))),g()}var ae=pt(Nt);export{ae as default,Nt as renderFrameworkOpStats};
