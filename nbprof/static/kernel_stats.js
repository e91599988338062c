var pt="http://www.w3.org/2000/svg";function G(t,e){for(let[o,n]of Object.entries(e||{}))n==null||n===!1||(o==="style"&&typeof n=="object"?Object.assign(t.style,n):o.startsWith("on")&&typeof n=="function"?t.addEventListener(o.slice(2),n):o==="dataset"?Object.assign(t.dataset,n):t.setAttribute(o==="className"?"class":o,n===!0?"":String(n)))}function W(t,e){for(let o of e.flat(1/0))o==null||o===!1||t.append(o instanceof Node?o:document.createTextNode(String(o)))}function i(t,e,...o){let n=document.createElement(t);return G(n,e),W(n,o),n}function A(t,e,...o){let n=document.createElementNS(pt,t);return G(n,e),W(n,o),n}function D(t,...e){return i("section",{class:"nbp-section"},t?i("h3",{class:"nbp-h"},t):null,...e)}function H(t,e="unavailable"){return i("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function V(t,e,o="text/csv"){let n=URL.createObjectURL(new Blob([e],{type:o})),r=i("a",{href:n,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(n),1e3)}var dt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function ct(t,e){let o=t.toFixed(e);return o.includes(".")?o.replace(/\.?0+$/,""):o}function P(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let o=Math.abs(t);for(let[n,r]of dt)if(o>=r||n==="ps")return`${ct(t/r,e)} ${n}`;return`${t} ps`}var U=(t,e)=>P(t*1e6,e),bt=(t,e)=>P(t*1e9,e),X=["B","KiB","MiB","GiB","TiB"];function ut(t,e=2){if(t==null||Number.isNaN(t))return"–";let o=Number(t),n=0;for(;Math.abs(o)>=1024&&n<X.length-1;)o/=1024,n+=1;return n===0?`${o} B`:`${o.toFixed(e)} ${X[n]}`}function B(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function E(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function Y(t,e,o=!1){if(t==null)return"";switch(e){case"ps":return P(t);case"us":return o?U(t):E(t,3);case"ms":return o?bt(t):E(t,3);case"pct":return B(t);case"frac":return B(t*100,1);case"bytes":return ut(t);case"int":return E(t);case"num":return E(t);case"bool":return t?"yes":"no";default:return String(t)}}var I=60,C=18,K=10;function Z(t,e){let o=Math.min(t.length,e.length),n=0;for(;n<o&&t.charCodeAt(n)===e.charCodeAt(n);)n++;return n}function F(t){let e=[...new Set(t.filter(n=>typeof n=="string"))].sort(),o=new Map;return e.forEach((n,r)=>{let d=r>0?Z(n,e[r-1]):0,l=r+1<e.length?Z(n,e[r+1]):0;o.set(n,Math.max(d,l))}),o}function ft(t,e=0,o=I){if(t.length<=o+4)return[[t,!0]];if(o<2*C){let f=Math.max(1,Math.floor(o*.4));if(e+2<=o-1)return[[t.slice(0,o-1),!0],[t.slice(o-1),!1]];let x=Math.max(1,o-f-1);return[[t.slice(0,f),!0],[t.slice(f,t.length-x),!1],[t.slice(t.length-x),!0]]}let n=Math.min(24,Math.floor(o/3)),r=o-n;if(e+K<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-n),!1],[t.slice(t.length-n),!0]];let d=o-C,l=Math.min(e-K,t.length-d),b=l+d,p=[[t.slice(0,C),!0]];return l>C&&p.push([t.slice(C,l),!1]),p.push([t.slice(Math.max(C,l),b),!0]),b<t.length&&p.push([t.slice(b),!1]),p}function R(t,e=0,o=I){let n=t==null?"":String(t),r=ft(n,e,o),d=i("span",{class:"nbp-name",title:r.length>1?n:null,"data-full":r.length>1?"":null});for(let[l,b]of r)d.append(b?document.createTextNode(l):i("span",{class:"nbp-cut"},l));return d}var _=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function J(t){return _[(t%_.length+_.length)%_.length]}function mt(t,e,o=40){return i("div",{class:"nbp-legend","data-testid":e},t.map(n=>i("span",{class:"nbp-legend-item",title:n.label,"data-label":n.label},i("span",{class:"nbp-swatch",style:{background:n.color}}),R(n.label,n.at||0,o))))}function xt(t,e,o,n,r){if(r-n>=Math.PI*2-1e-9)return`M ${t-o} ${e} A ${o} ${o} 0 1 1 ${t+o} ${e} A ${o} ${o} 0 1 1 ${t-o} ${e} Z`;let d=t+o*Math.sin(n),l=e-o*Math.cos(n),b=t+o*Math.sin(r),p=e-o*Math.cos(r);return`M ${t} ${e} L ${d} ${l} A ${o} ${o} 0 ${r-n>Math.PI?1:0} 1 ${b} ${p} Z`}function Q({title:t,slices:e,format:o=E,tooltip:n,testid:r="pie",maxSlices:d=10,wide:l=!1}){let b=e.filter(u=>u.value>0).sort((u,k)=>k.value-u.value),p=b.slice(0,d),f=b.slice(d).reduce((u,k)=>u+k.value,0);f>0&&(p=[...p,{label:"Other",value:f}]);let x=p.reduce((u,k)=>u+k.value,0),g=180,$=84,y=g/2,M=A("svg",{width:g,height:g,viewBox:`0 0 ${g} ${g}`,role:"img","aria-label":t}),v=0,z=F(p.map(u=>u.label)),j=p.map((u,k)=>{let N=v+u.value/x*Math.PI*2,w=J(k),L=(v+N)/2,a=A("path",{d:xt(y,y,$,v,N),fill:w,stroke:"var(--nbp-bg)","stroke-width":1,"data-label":u.label,"data-value":u.value,tabindex:"0","data-anchor-x":(y+.6*$*Math.sin(L)).toFixed(1),"data-anchor-y":(y-.6*$*Math.cos(L)).toFixed(1)}),s=c=>n&&n.show(c||{clientX:0,clientY:0},u.label,[["Value",o(u.value)],["Share",B(100*u.value/x)]]);return a.addEventListener("mousemove",s),a.addEventListener("mouseleave",()=>n&&n.hide()),M.append(a),v=N,{label:u.label,color:w,at:z.get(u.label)}});p.length||M.append(A("text",{x:y,y,"text-anchor":"middle"},"no data"));let S=mt(j,`${r}-legend`,l?90:28);return l?(S.classList.add("nbp-legend-wide"),i("div",{class:"nbp-pie nbp-pie-wide","data-testid":r},i("div",{style:{fontWeight:600}},t),i("div",{class:"nbp-row"},M,S))):i("div",{class:"nbp-pie","data-testid":r},i("div",{style:{fontWeight:600}},t),M,S)}var ht=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function gt(t,e){let o=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",n=document.createElement("canvas").getContext("2d");return n?(n.font=getComputedStyle(t).font,Math.max(4,n.measureText(o).width/o.length)||7):7}function tt(t){return ht.has(t.type)}function vt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function wt(t,e){let o=n=>{if(n==null)return"";let r=String(n);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(n=>o(n.label)),...e.map(n=>n.map(o))].map(n=>n.join(",")).join(`
`)+`
`}function yt(t,e,o,n){let r=i("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((f,x)=>i("label",{class:"nbp-menu-item"},i("input",{type:"checkbox",checked:e[x],disabled:x===0,"data-col":f.id,onchange:g=>o(x,g.target.checked)}),f.label))),d=()=>e.filter(f=>!f).length,l=i("summary",{"data-testid":`${n}-columns`}),b=i("details",{class:"nbp-chooser"},l,r),p=()=>{l.textContent=d()?`Columns (${d()} hidden)`:"Columns"};return p(),b.addEventListener("change",p),b.addEventListener("keydown",f=>{f.key==="Escape"&&(b.open=!1,l.focus())}),b}function et(t){let e=t.columns,o=t.rows||[],n=e.map((a,s)=>s===0||!a.hidden),r={sort:t.sortBy!==void 0?e.findIndex(a=>a.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},d=t.filterColumn?e.findIndex(a=>a.id===t.filterColumn):-1,l=t.testid||"table",b=new Map,p=I,f=e.map((a,s)=>{let c=i("button",{type:"button",title:a.title||`Sort by ${a.label}`,onclick:()=>{r.sort===s?r.desc=!r.desc:(r.sort=s,r.desc=tt(a)),w()}},a.label,i("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return i("th",{scope:"col",class:j(a,s),"data-col":a.id},c)}),x=i("tr"),g=i("tbody"),$=i("table",{class:"nbp-table","data-testid":l},i("thead",{},x),g),y=i("span",{class:"nbp-note","data-testid":`${l}-count`}),M=i("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,w()}},"Show more rows"),v=i("div",{class:"nbp-toolbar"});d>=0&&v.append(i("label",{},`Filter by ${e[d].label.toLowerCase()}:`,i("input",{type:"search","data-testid":`${l}-filter`,"aria-label":`Filter by ${e[d].label}`,oninput:a=>{r.filter=a.target.value.toLowerCase(),w()}}))),e.length>2&&t.chooser!==!1&&v.append(yt(e,n,(a,s)=>{n[a]=s,w()},l)),t.csvName&&v.append(i("button",{type:"button","data-testid":`${l}-csv`,onclick:()=>V(t.csvName,wt(e,u()))},"Export as CSV")),v.append(y);let z=i("div",{class:"nbp-table-box"},v,i("div",{class:"nbp-table-wrap","data-testid":`${l}-scroller`},$),M);function j(a,s){return[tt(a)?"nbp-num":"",s===0?"nbp-sticky":"",a.type==="name"?"nbp-name-col":""].join(" ").trim()}function S(){b=new Map,e.forEach((a,s)=>{a.type==="name"&&b.set(s,F(o.map(c=>c[s])))})}function u(){let a=o;if(r.filter&&d>=0&&(a=a.filter(s=>String(s[d]??"").toLowerCase().includes(r.filter))),r.sort>=0){let s=r.sort,c=r.desc?-1:1;a=a.map((m,h)=>[m,h]).sort((m,h)=>{let T=vt(m[0][s],h[0][s]);return T===0?m[1]-h[1]:m[0][s]===null||m[0][s]===void 0||h[0][s]===null||h[0][s]===void 0?T:c*T}).map(m=>m[0])}return a}function k(a,s,c,m){let h;a.type==="name"?h=R(c,b.get(s)?.get(c)||0,p):h=Y(c,a.type);let T=(a.type==="str"||a.type==="name")&&c!==null&&c!==void 0?String(c):null,O=i("td",{class:j(a,s),title:T},h);if(a.color){let q=a.color(c,m);q&&(O.style.background=q,O.style.color="#111")}return O}function N(a){let s=i("tr",{tabindex:"0"},e.map((c,m)=>n[m]?k(c,m,a[m],a):null));return t.onHover&&(s.addEventListener("mouseenter",c=>t.onHover(a,c)),s.addEventListener("focus",()=>t.onHover(a,null))),t.onLeave&&s.addEventListener("mouseleave",()=>t.onLeave(a)),t.onSelect&&s.addEventListener("click",()=>t.onSelect(a)),s.addEventListener("keydown",c=>{c.key==="ArrowDown"&&s.nextElementSibling&&(c.preventDefault(),s.nextElementSibling.focus()),c.key==="ArrowUp"&&s.previousElementSibling&&(c.preventDefault(),s.previousElementSibling.focus()),(c.key==="Enter"||c.key===" ")&&t.onSelect&&(c.preventDefault(),t.onSelect(a))}),s}function w(){x.replaceChildren(...f.filter((s,c)=>n[c])),f.forEach((s,c)=>{s.setAttribute("aria-sort",c===r.sort?r.desc?"descending":"ascending":"none"),s.querySelector(".nbp-sort-mark").textContent=c===r.sort?r.desc?"▼":"▲":""});let a=u();g.replaceChildren(...a.slice(0,r.limit).map(N)),y.textContent=a.length>r.limit?`showing ${r.limit} of ${a.length} rows`:`${a.length} rows`,M.style.display=a.length>r.limit?"":"none"}S(),w();let L=e.findIndex(a=>a.type==="name");if(typeof ResizeObserver<"u"&&L>=0){let a=0;new ResizeObserver(s=>{let c=s[s.length-1].contentRect.width;if(!(c>0))return;a||(a=1.12*gt($,o.slice(0,50).map(h=>String(h[L]??""))));let m=Math.max(24,Math.min(90,Math.floor((Math.min(.4*c,560)-14)/a)));Math.abs(m-p)>=2&&requestAnimationFrame(()=>{p=m,w()})}).observe(z)}return{el:z,setRows(a){o=a,S(),w()},visibleRows:u}}var nt=`
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
`;function kt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var ot=!1;function Mt(){if(ot||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=nt,document.head.append(t),ot=!0}function rt(t){Mt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",kt());e();let o=new MutationObserver(e);return o.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>o.disconnect()}function $t(t){return i("table",{},i("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,o])=>i("tr",{},i("td",{class:"nbp-muted"},e),i("td",{},o)))))}function at(t){let e=i("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(o,n,r){e.replaceChildren(i("div",{class:"nbp-tip-title"},n),$t(r||[])),e.style.display="block";let d=t.getBoundingClientRect(),l=o.clientX-d.left+12,b=o.clientY-d.top+12,p=e.offsetWidth;l+p>d.width&&(l=Math.max(0,o.clientX-d.left-p-12)),e.style.left=`${l}px`,e.style.top=`${b}px`},hide(){e.style.display="none"},element:e}}function St(t,e="banner"){if(!t||!t.text)return null;let o=(t.fixes||[]).flatMap((n,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",i("code",{},n)]);return i("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,o.length?[" Mark each step with",...o,"."]:null)}function it(t){return!t||!t.length?null:i("details",{class:"nbp-notes","data-testid":"notes"},i("summary",{},`Details (${t.length})`),i("ul",{},t.map(e=>i("li",{"data-testid":"note"},e))))}function st(t,e,o=120){if(!e)return;let n=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let d=0;r&&d<8;d++,r=r.parentElement){let l=r.previousElementSibling;if(l&&(l.matches(n)||l.querySelector(n))){l.style.display="none",l.dataset.nbprofHidden="true";return}}o>0&&requestAnimationFrame(()=>st(t,e,o-1))}function Et(t,e,o,n={}){let r=i("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let d=at(t);r.append(i("div",{class:"nbp-title"},e?.title||"nbprof"));let l=St(e?.banner);if(l&&!n.bannerShown&&r.append(l),!e||e.available===!1){r.append(i("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let p=it(e?.notes);p&&r.append(p);return}e.advice&&r.append(i("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{o(r,e,{tooltip:d,...n})}catch(p){r.append(i("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${p}`)),console.error(p)}let b=it(e.notes);b&&r.append(b)}function lt(t){return{render({model:e,el:o}){let n=i("div");o.append(n);let r=rt(n),d=()=>Et(n,e.get("payload"),t);return d(),st(o,e.get("payload")?.static_id),e.on("change:payload",d),()=>{e.off("change:payload",d),r()}}}}function Ct(t,e,o){let n=e.table,r=n.columns.findIndex(p=>p.id==="kernel_name"),d=n.columns.findIndex(p=>p.id==="total_duration_us"),l=new Map;for(let p of n.rows)l.set(p[r],(l.get(p[r])||0)+(p[d]||0));let b=[...l].map(([p,f])=>({label:String(p),value:f}));t.append(D("Top kernels by total time",Q({title:"Total duration",slices:b,format:p=>U(p),tooltip:o.tooltip,testid:"pie-kernels",wide:!0}))),t.append(D("Kernels",n.rows.length?et({columns:n.columns,rows:n.rows,sortBy:"total_duration_us",sortDesc:!0,filterColumn:"kernel_name",csvName:"kernel_stats.csv",testid:"kernels"}).el:H("no kernels")))}var re=lt(Ct);export{re as default,Ct as renderKernelStats};
