var xt="http://www.w3.org/2000/svg";function X(t,e){for(let[r,n]of Object.entries(e||{}))n==null||n===!1||(r==="style"&&typeof n=="object"?Object.assign(t.style,n):r.startsWith("on")&&typeof n=="function"?t.addEventListener(r.slice(2),n):r==="dataset"?Object.assign(t.dataset,n):t.setAttribute(r==="className"?"class":r,n===!0?"":String(n)))}function Y(t,e){for(let r of e.flat(1/0))r==null||r===!1||t.append(r instanceof Node?r:document.createTextNode(String(r)))}function a(t,e,...r){let n=document.createElement(t);return X(n,e),Y(n,r),n}function y(t,e,...r){let n=document.createElementNS(xt,t);return X(n,e),Y(n,r),n}function A(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function q(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function Z(t,e,r="text/csv"){let n=URL.createObjectURL(new Blob([e],{type:r})),o=a("a",{href:n,download:t,style:{display:"none"}});document.body.append(o),o.click(),o.remove(),setTimeout(()=>URL.revokeObjectURL(n),1e3)}var ht=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function gt(t,e){let r=t.toFixed(e);return r.includes(".")?r.replace(/\.?0+$/,""):r}function H(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let r=Math.abs(t);for(let[n,o]of ht)if(r>=o||n==="ps")return`${gt(t/o,e)} ${n}`;return`${t} ps`}var vt=(t,e)=>H(t*1e6,e),V=(t,e)=>H(t*1e9,e),K=["B","KiB","MiB","GiB","TiB"];function wt(t,e=2){if(t==null||Number.isNaN(t))return"–";let r=Number(t),n=0;for(;Math.abs(r)>=1024&&n<K.length-1;)r/=1024,n+=1;return n===0?`${r} B`:`${r.toFixed(e)} ${K[n]}`}function G(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function N(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function R(t,e,r=!1){if(t==null)return"";switch(e){case"ps":return H(t);case"us":return r?vt(t):N(t,3);case"ms":return r?V(t):N(t,3);case"pct":return G(t);case"frac":return G(t*100,1);case"bytes":return wt(t);case"int":return N(t);case"num":return N(t);case"bool":return t?"yes":"no";default:return String(t)}}var F=60,T=18,J=10;function Q(t,e){let r=Math.min(t.length,e.length),n=0;for(;n<r&&t.charCodeAt(n)===e.charCodeAt(n);)n++;return n}function P(t){let e=[...new Set(t.filter(n=>typeof n=="string"))].sort(),r=new Map;return e.forEach((n,o)=>{let s=o>0?Q(n,e[o-1]):0,p=o+1<e.length?Q(n,e[o+1]):0;r.set(n,Math.max(s,p))}),r}function tt(t,e=0,r=F){if(t.length<=r)return[[t,!0]];if(r<2*T)return[[t.slice(0,Math.max(1,r-1)),!0],[t.slice(Math.max(1,r-1)),!1]];let n=Math.min(24,r-T),o=r-n;if(e+J<=o)return[[t.slice(0,o),!0],[t.slice(o,t.length-n),!1],[t.slice(t.length-n),!0]];let s=r-T,p=Math.min(e-J,t.length-s),b=p+s,d=[[t.slice(0,T),!0]];return p>T&&d.push([t.slice(T,p),!1]),d.push([t.slice(Math.max(T,p),b),!0]),b<t.length&&d.push([t.slice(b),!1]),d}function et(t,e=0,r=F){return tt(t,e,r).map(([n,o])=>o?n:"…").join("")}function D(t,e=0,r=F){let n=t==null?"":String(t),o=tt(n,e,r),s=a("span",{class:"nbp-name",title:o.length>1?n:null,"data-full":o.length>1?"":null});for(let[p,b]of o)s.append(b?document.createTextNode(p):a("span",{class:"nbp-cut"},p));return s}var U=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function W(t){return U[(t%U.length+U.length)%U.length]}function yt(t,e=5){if(!(t>0))return[0];let r=t/e,n=10**Math.floor(Math.log10(r)),o=[1,2,2.5,5,10].map(p=>p*n).find(p=>p>=r),s=[];for(let p=0;p*o<=t+o*1e-9;p++)s.push(nt(p*o,o));return s[s.length-1]<t&&s.push(nt(s.length*o,o)),s}function nt(t,e){let r=Math.max(0,-Math.floor(Math.log10(e))+2);return Number(t.toFixed(Math.min(12,r)))}function ot(t,{fallbackWidth:e=640,minWidth:r=260,testid:n}={}){let o=a("div",{class:"nbp-chart","data-testid":n?`${n}-box`:null}),s=-1,p=0,b=d=>{let m=Math.max(r,Math.floor(d));m!==s&&(s=m,o.replaceChildren(t(m)),o.dataset.width=String(m))};return o.setDraw=d=>{t=d;let m=s>0?s:e;s=-1,b(o.clientWidth>0?o.clientWidth:m)},b(e),typeof ResizeObserver<"u"&&new ResizeObserver(m=>{let h=m[m.length-1].contentRect.width;h>0&&(cancelAnimationFrame(p),p=requestAnimationFrame(()=>{o.isConnected&&b(h)}))}).observe(o),o}function kt(t,e,r=40){return a("div",{class:"nbp-legend","data-testid":e},t.map(n=>a("span",{class:"nbp-legend-item",title:n.label,"data-label":n.label},a("span",{class:"nbp-swatch",style:{background:n.color}}),D(n.label,n.at||0,r))))}function rt({labels:t,series:e,yLabel:r="",format:n=N,tooltip:o,testid:s="bars",width:p=860,height:b=240,xLabel:d=""}){let m=t.map((c,f)=>e.reduce(($,w)=>$+(w.values[f]||0),0)),h=yt(m.reduce((c,f)=>Math.max(c,f),0)),z=h[h.length-1]||1,_=Math.max(...h.map(c=>N(c).length)),x={l:Math.max(44,Math.round(_*6.5+22)),r:10,t:10,b:34},j=p-x.l-x.r,g=b-x.t-x.b,v=j/Math.max(1,t.length),B=Math.max(1,Math.min(40,v*.75)),k=c=>x.t+g-c/z*g,S=y("svg",{width:p,height:b,viewBox:`0 0 ${p} ${b}`,role:"img","aria-label":r,"data-testid":s}),C=y("g",{class:"nbp-axis"});for(let c of h)C.append(y("line",{class:"nbp-grid",x1:x.l,x2:p-x.r,y1:k(c),y2:k(c)})),C.append(y("text",{x:x.l-4,y:k(c)+4,"text-anchor":"end"},N(c)));C.append(y("text",{x:12,y:x.t+g/2,transform:`rotate(-90 12 ${x.t+g/2})`,"text-anchor":"middle"},r)),d&&C.append(y("text",{x:x.l+j/2,y:b-2,"text-anchor":"middle"},d)),S.append(C);let I=P(t.map(String)),i=Math.max(3,...[...I.keys()].map(c=>Math.min(c.length,24)))*6.5+10,l=Math.ceil(t.length/Math.max(1,Math.floor(j/i)));t.forEach((c,f)=>{let $=x.l+v*f+(v-B)/2,w=y("g",{class:"nbp-bar","data-testid":`${s}-bar`,"data-index":f,"data-label":c,"data-total":m[f]}),L=0;e.forEach((M,mt)=>{let O=M.values[f]||0;O>0&&w.append(y("rect",{x:$,width:B,y:k(L+O),height:Math.max(0,k(L)-k(L+O)),fill:M.color||W(mt)})),L+=O});let ut=y("rect",{x:x.l+v*f,width:v,y:x.t,height:g,fill:"transparent",class:"nbp-hit"});w.append(ut);let ft=()=>[...e.map(M=>[M.name,n(M.values[f]||0)]),["Total",n(m[f])]];if(w.addEventListener("mousemove",M=>o&&o.show(M,String(c),ft())),w.addEventListener("mouseleave",()=>o&&o.hide()),S.append(w),f%l===0){let M=et(String(c),I.get(String(c))||0,Math.max(3,Math.floor((v*l-8)/6.5)));S.append(y("text",{x:x.l+v*f+v/2,y:x.t+g+14,"text-anchor":"middle","data-label":c},M))}});let u=e.map((c,f)=>({label:c.name,color:c.color||W(f)}));return a("div",{},S,kt(u,`${s}-legend`))}var $t=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function at(t){return $t.has(t.type)}function Mt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function St(t,e){let r=n=>{if(n==null)return"";let o=String(n);return/[",\n\r]/.test(o)?`"${o.replace(/"/g,'""')}"`:o};return[t.map(n=>r(n.label)),...e.map(n=>n.map(r))].map(n=>n.join(",")).join(`
`)+`
`}function Et(t,e,r,n){let o=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((m,h)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[h],disabled:h===0,"data-col":m.id,onchange:z=>r(h,z.target.checked)}),m.label))),s=()=>e.filter(m=>!m).length,p=a("summary",{"data-testid":`${n}-columns`}),b=a("details",{class:"nbp-chooser"},p,o),d=()=>{p.textContent=s()?`Columns (${s()} hidden)`:"Columns"};return d(),b.addEventListener("change",d),b.addEventListener("keydown",m=>{m.key==="Escape"&&(b.open=!1,p.focus())}),b}function it(t){let e=t.columns,r=t.rows||[],n=e.map((i,l)=>l===0||!i.hidden),o={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},s=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,p=t.testid||"table",b=new Map,d=F,m=e.map((i,l)=>{let u=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{o.sort===l?o.desc=!o.desc:(o.sort=l,o.desc=at(i)),E()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:B(i,l),"data-col":i.id},u)}),h=a("tr"),z=a("tbody"),_=a("table",{class:"nbp-table","data-testid":p},a("thead",{},h),z),x=a("span",{class:"nbp-note","data-testid":`${p}-count`}),j=a("button",{type:"button",style:{display:"none"},onclick:()=>{o.limit*=4,E()}},"Show more rows"),g=a("div",{class:"nbp-toolbar"});s>=0&&g.append(a("label",{},`Filter by ${e[s].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${p}-filter`,"aria-label":`Filter by ${e[s].label}`,oninput:i=>{o.filter=i.target.value.toLowerCase(),E()}}))),e.length>2&&t.chooser!==!1&&g.append(Et(e,n,(i,l)=>{n[i]=l,E()},p)),t.csvName&&g.append(a("button",{type:"button","data-testid":`${p}-csv`,onclick:()=>Z(t.csvName,St(e,S()))},"Export as CSV")),g.append(x);let v=a("div",{class:"nbp-table-box"},g,a("div",{class:"nbp-table-wrap","data-testid":`${p}-scroller`},_),j);function B(i,l){return[at(i)?"nbp-num":"",l===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function k(){b=new Map,e.forEach((i,l)=>{i.type==="name"&&b.set(l,P(r.map(u=>u[l])))})}function S(){let i=r;if(o.filter&&s>=0&&(i=i.filter(l=>String(l[s]??"").toLowerCase().includes(o.filter))),o.sort>=0){let l=o.sort,u=o.desc?-1:1;i=i.map((c,f)=>[c,f]).sort((c,f)=>{let $=Mt(c[0][l],f[0][l]);return $===0?c[1]-f[1]:c[0][l]===null||c[0][l]===void 0||f[0][l]===null||f[0][l]===void 0?$:u*$}).map(c=>c[0])}return i}function C(i,l,u,c){let f;i.type==="name"?f=D(u,b.get(l)?.get(u)||0,d):f=R(u,i.type);let $=(i.type==="str"||i.type==="name")&&u!==null&&u!==void 0?String(u):null,w=a("td",{class:B(i,l),title:$},f);if(i.color){let L=i.color(u,c);L&&(w.style.background=L,w.style.color="#111")}return w}function I(i){let l=a("tr",{tabindex:"0"},e.map((u,c)=>n[c]?C(u,c,i[c],i):null));return t.onHover&&(l.addEventListener("mouseenter",u=>t.onHover(i,u)),l.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&l.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&l.addEventListener("click",()=>t.onSelect(i)),l.addEventListener("keydown",u=>{u.key==="ArrowDown"&&l.nextElementSibling&&(u.preventDefault(),l.nextElementSibling.focus()),u.key==="ArrowUp"&&l.previousElementSibling&&(u.preventDefault(),l.previousElementSibling.focus()),(u.key==="Enter"||u.key===" ")&&t.onSelect&&(u.preventDefault(),t.onSelect(i))}),l}function E(){h.replaceChildren(...m.filter((l,u)=>n[u])),m.forEach((l,u)=>{l.setAttribute("aria-sort",u===o.sort?o.desc?"descending":"ascending":"none"),l.querySelector(".nbp-sort-mark").textContent=u===o.sort?o.desc?"▼":"▲":""});let i=S();z.replaceChildren(...i.slice(0,o.limit).map(I)),x.textContent=i.length>o.limit?`showing ${o.limit} of ${i.length} rows`:`${i.length} rows`,j.style.display=i.length>o.limit?"":"none"}return k(),E(),typeof ResizeObserver<"u"&&e.some(i=>i.type==="name")&&new ResizeObserver(i=>{let l=i[i.length-1].contentRect.width,u=Math.max(24,Math.min(90,Math.floor((.46*l-16)/7)));l>0&&Math.abs(u-d)>=4&&requestAnimationFrame(()=>{d=u,E()})}).observe(v),{el:v,setRows(i){r=i,k(),E()},visibleRows:S}}var st=`
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
`;function Nt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var pt=!1;function Ct(){if(pt||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=st,document.head.append(t),pt=!0}function lt(t){Ct(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",Nt());e();let r=new MutationObserver(e);return r.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>r.disconnect()}function Lt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,r])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},r)))))}function dt(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(r,n,o){e.replaceChildren(a("div",{class:"nbp-tip-title"},n),Lt(o||[])),e.style.display="block";let s=t.getBoundingClientRect(),p=r.clientX-s.left+12,b=r.clientY-s.top+12,d=e.offsetWidth;p+d>s.width&&(p=Math.max(0,r.clientX-s.left-d-12)),e.style.left=`${p}px`,e.style.top=`${b}px`},hide(){e.style.display="none"},element:e}}function Tt(t,e="banner"){if(!t||!t.text)return null;let r=(t.fixes||[]).flatMap((n,o)=>[o?o===t.fixes.length-1?" or ":", ":" ",a("code",{},n)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,r.length?[" Mark each step with",...r,"."]:null)}function ct(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function zt(t,e){if(!e)return;let r=t;for(let n=0;r&&n<8;n++,r=r.parentElement){let o=r.previousElementSibling;if(!o)continue;if(o.matches(`[data-nbprof-id="${CSS.escape(e)}"]`)?o:o.querySelector(`[data-nbprof-id="${CSS.escape(e)}"]`)){o.style.display="none",o.dataset.nbprofHidden="true";return}}}function jt(t,e,r,n={}){let o=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(o);let s=dt(t);o.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let p=Tt(e?.banner);if(p&&!n.bannerShown&&o.append(p),!e||e.available===!1){o.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let d=ct(e?.notes);d&&o.append(d);return}e.advice&&o.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{r(o,e,{tooltip:s,...n})}catch(d){o.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${d}`)),console.error(d)}let b=ct(e.notes);b&&o.append(b)}function bt(t){return{render({model:e,el:r}){let n=a("div");r.append(n);let o=lt(n),s=()=>jt(n,e.get("payload"),t);return s(),zt(r,e.get("payload")?.static_id),e.on("change:payload",s),()=>{e.off("change:payload",s),o()}}}}function At(t){let e=t.available===!1;return a("div",{class:`nbp-card${e?" nbp-card-na":""}`,"data-testid":`card-${t.id}`},a("div",{class:"nbp-card-label"},t.label),a("div",{class:"nbp-card-value","data-testid":`card-${t.id}-value`},e?t.reason||"not available on this device":R(t.value,t.type,!0)),...e?[]:(t.details||[]).map(([r,n,o])=>a("div",{class:"nbp-card-sub"},`${r}: ${R(n,o,!0)}`)))}function Bt(t,e,r){t.append(A("Performance summary",a("div",{class:"nbp-cards","data-testid":"cards"},(e.cards||[]).map(At))));let n=e.step_graph;t.append(A("Step-time graph",n&&n.labels&&n.labels.length?ot(b=>rt({labels:n.labels,series:n.series,yLabel:"step time (ms)",xLabel:"step",format:d=>V(d),tooltip:r.tooltip,testid:"step-graph",width:b}),{testid:"step-graph"}):q(n?.reason||"no steps found in this profile")));let o=e.top_ops;t.append(A(o?.title||"Top 10 operations",o&&o.rows?it({columns:o.columns,rows:o.rows,testid:"top-ops",maxRows:10}).el:q(o?.reason)));let s=e.environment||[];t.append(A("Run environment",a("table",{class:"nbp-kv","data-testid":"environment"},a("tbody",{},s.map(([b,d])=>a("tr",{},a("td",{},b),a("td",{},d)))))));let p=e.recommendation;if(p){let b=(p.next_tools||[]).map(d=>r.navigate?a("button",{type:"button",class:"nbp-link","data-testid":`goto-${d.id}`,onclick:()=>r.navigate(d.id)},d.label):a("span",{"data-testid":`goto-${d.id}`},d.label));t.append(A("Recommendation for next step",a("div",{class:"nbp-recommendation","data-testid":"recommendation"},a("div",{},p.text||""),b.length?a("div",{style:{marginTop:"4px"}},"Next tools to look at: ",b.flatMap((d,m)=>m?[", ",d]:[d])):null)))}}var le=bt(Bt);export{le as default,Bt as renderOverview};
