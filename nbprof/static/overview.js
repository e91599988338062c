var ht="http://www.w3.org/2000/svg";function Y(t,e){for(let[o,n]of Object.entries(e||{}))n==null||n===!1||(o==="style"&&typeof n=="object"?Object.assign(t.style,n):o.startsWith("on")&&typeof n=="function"?t.addEventListener(o.slice(2),n):o==="dataset"?Object.assign(t.dataset,n):t.setAttribute(o==="className"?"class":o,n===!0?"":String(n)))}function Z(t,e){for(let o of e.flat(1/0))o==null||o===!1||t.append(o instanceof Node?o:document.createTextNode(String(o)))}function a(t,e,...o){let n=document.createElement(t);return Y(n,e),Z(n,o),n}function y(t,e,...o){let n=document.createElementNS(ht,t);return Y(n,e),Z(n,o),n}function z(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function G(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function K(t,e,o="text/csv"){let n=URL.createObjectURL(new Blob([e],{type:o})),r=a("a",{href:n,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(n),1e3)}var gt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function vt(t,e){let o=t.toFixed(e);return o.includes(".")?o.replace(/\.?0+$/,""):o}function H(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let o=Math.abs(t);for(let[n,r]of gt)if(o>=r||n==="ps")return`${vt(t/r,e)} ${n}`;return`${t} ps`}var wt=(t,e)=>H(t*1e6,e),V=(t,e)=>H(t*1e9,e),J=["B","KiB","MiB","GiB","TiB"];function yt(t,e=2){if(t==null||Number.isNaN(t))return"–";let o=Number(t),n=0;for(;Math.abs(o)>=1024&&n<J.length-1;)o/=1024,n+=1;return n===0?`${o} B`:`${o.toFixed(e)} ${J[n]}`}function W(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function C(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function B(t,e,o=!1){if(t==null)return"";switch(e){case"ps":return H(t);case"us":return o?wt(t):C(t,3);case"ms":return o?V(t):C(t,3);case"pct":return W(t);case"frac":return W(t*100,1);case"bytes":return yt(t);case"int":return C(t);case"num":return C(t);case"bool":return t?"yes":"no";default:return String(t)}}var R=60,j=18,Q=10;function tt(t,e){let o=Math.min(t.length,e.length),n=0;for(;n<o&&t.charCodeAt(n)===e.charCodeAt(n);)n++;return n}function U(t){let e=[...new Set(t.filter(n=>typeof n=="string"))].sort(),o=new Map;return e.forEach((n,r)=>{let l=r>0?tt(n,e[r-1]):0,p=r+1<e.length?tt(n,e[r+1]):0;o.set(n,Math.max(l,p))}),o}function et(t,e=0,o=R){if(t.length<=o+4)return[[t,!0]];if(o<2*j){let f=Math.max(1,Math.floor(o*.4));if(e+2<=o-1)return[[t.slice(0,o-1),!0],[t.slice(o-1),!1]];let x=Math.max(1,o-f-1);return[[t.slice(0,f),!0],[t.slice(f,t.length-x),!1],[t.slice(t.length-x),!0]]}let n=Math.min(24,Math.floor(o/3)),r=o-n;if(e+Q<=r)return[[t.slice(0,r),!0],[t.slice(r,t.length-n),!1],[t.slice(t.length-n),!0]];let l=o-j,p=Math.min(e-Q,t.length-l),b=p+l,c=[[t.slice(0,j),!0]];return p>j&&c.push([t.slice(j,p),!1]),c.push([t.slice(Math.max(j,p),b),!0]),b<t.length&&c.push([t.slice(b),!1]),c}function nt(t,e=0,o=R){return et(t,e,o).map(([n,r])=>r?n:"…").join("")}function _(t,e=0,o=R){let n=t==null?"":String(t),r=et(n,e,o),l=a("span",{class:"nbp-name",title:r.length>1?n:null,"data-full":r.length>1?"":null});for(let[p,b]of r)l.append(b?document.createTextNode(p):a("span",{class:"nbp-cut"},p));return l}var q=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function X(t){return q[(t%q.length+q.length)%q.length]}function kt(t,e=5){if(!(t>0))return[0];let o=t/e,n=10**Math.floor(Math.log10(o)),r=[1,2,2.5,5,10].map(p=>p*n).find(p=>p>=o),l=[];for(let p=0;p*r<=t+r*1e-9;p++)l.push(ot(p*r,r));return l[l.length-1]<t&&l.push(ot(l.length*r,r)),l}function ot(t,e){let o=Math.max(0,-Math.floor(Math.log10(e))+2);return Number(t.toFixed(Math.min(12,o)))}function rt(t,{fallbackWidth:e=640,minWidth:o=260,testid:n}={}){let r=a("div",{class:"nbp-chart","data-testid":n?`${n}-box`:null}),l=-1,p=0,b=c=>{let f=Math.max(o,Math.floor(c));f!==l&&(l=f,r.replaceChildren(t(f)),r.dataset.width=String(f))};return r.setDraw=c=>{t=c;let f=l>0?l:e;l=-1,b(r.clientWidth>0?r.clientWidth:f)},b(e),typeof ResizeObserver<"u"&&new ResizeObserver(f=>{let x=f[f.length-1].contentRect.width;x>0&&(cancelAnimationFrame(p),p=requestAnimationFrame(()=>{r.isConnected&&b(x)}))}).observe(r),r}function Mt(t,e,o=40){return a("div",{class:"nbp-legend","data-testid":e},t.map(n=>a("span",{class:"nbp-legend-item",title:n.label,"data-label":n.label},a("span",{class:"nbp-swatch",style:{background:n.color}}),_(n.label,n.at||0,o))))}function at({labels:t,series:e,yLabel:o="",format:n=C,tooltip:r,testid:l="bars",width:p=860,height:b=240,xLabel:c=""}){let f=t.map((s,u)=>e.reduce((h,g)=>h+(g.values[u]||0),0)),x=kt(f.reduce((s,u)=>Math.max(s,u),0)),L=x[x.length-1]||1,F=Math.max(...x.map(s=>C(s).length)),m={l:Math.max(44,Math.round(F*6.5+22)),r:10,t:10,b:34},T=p-m.l-m.r,v=b-m.t-m.b,w=T/Math.max(1,t.length),A=Math.max(1,Math.min(40,w*.75)),k=s=>m.t+v-s/L*v,$=y("svg",{width:p,height:b,viewBox:`0 0 ${p} ${b}`,role:"img","aria-label":o,"data-testid":l}),N=y("g",{class:"nbp-axis"});for(let s of x)N.append(y("line",{class:"nbp-grid",x1:m.l,x2:p-m.r,y1:k(s),y2:k(s)})),N.append(y("text",{x:m.l-4,y:k(s)+4,"text-anchor":"end"},C(s)));N.append(y("text",{x:12,y:m.t+v/2,transform:`rotate(-90 12 ${m.t+v/2})`,"text-anchor":"middle"},o)),c&&N.append(y("text",{x:m.l+T/2,y:b-2,"text-anchor":"middle"},c)),$.append(N);let I=U(t.map(String)),O=Math.max(3,...[...I.keys()].map(s=>Math.min(s.length,24)))*6.5+10,i=Math.ceil(t.length/Math.max(1,Math.floor(T/O)));t.forEach((s,u)=>{let h=m.l+w*u+(w-A)/2,g=y("g",{class:"nbp-bar","data-testid":`${l}-bar`,"data-index":u,"data-label":s,"data-total":f[u]}),E=0;e.forEach((M,xt)=>{let D=M.values[u]||0;D>0&&g.append(y("rect",{x:h,width:A,y:k(E+D),height:Math.max(0,k(E)-k(E+D)),fill:M.color||X(xt)})),E+=D});let P=y("rect",{x:m.l+w*u,width:w,y:m.t,height:v,fill:"transparent",class:"nbp-hit"});g.append(P);let mt=()=>[...e.map(M=>[M.name,n(M.values[u]||0)]),["Total",n(f[u])]];if(g.addEventListener("mousemove",M=>r&&r.show(M,String(s),mt())),g.addEventListener("mouseleave",()=>r&&r.hide()),$.append(g),u%i===0){let M=nt(String(s),I.get(String(s))||0,Math.max(3,Math.floor((w*i-8)/6.5)));$.append(y("text",{x:m.l+w*u+w/2,y:m.t+v+14,"text-anchor":"middle","data-label":s},M))}});let d=e.map((s,u)=>({label:s.name,color:s.color||X(u)}));return a("div",{},$,Mt(d,`${l}-legend`))}var $t=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function St(t,e){let o=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",n=document.createElement("canvas").getContext("2d");return n?(n.font=getComputedStyle(t).font,Math.max(4,n.measureText(o).width/o.length)||7):7}function it(t){return $t.has(t.type)}function Et(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function Ct(t,e){let o=n=>{if(n==null)return"";let r=String(n);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(n=>o(n.label)),...e.map(n=>n.map(o))].map(n=>n.join(",")).join(`
`)+`
`}function Nt(t,e,o,n){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((f,x)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[x],disabled:x===0,"data-col":f.id,onchange:L=>o(x,L.target.checked)}),f.label))),l=()=>e.filter(f=>!f).length,p=a("summary",{"data-testid":`${n}-columns`}),b=a("details",{class:"nbp-chooser"},p,r),c=()=>{p.textContent=l()?`Columns (${l()} hidden)`:"Columns"};return c(),b.addEventListener("change",c),b.addEventListener("keydown",f=>{f.key==="Escape"&&(b.open=!1,p.focus())}),b}function st(t){let e=t.columns,o=t.rows||[],n=e.map((i,d)=>d===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},l=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,p=t.testid||"table",b=new Map,c=R,f=e.map((i,d)=>{let s=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===d?r.desc=!r.desc:(r.sort=d,r.desc=it(i)),S()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:A(i,d),"data-col":i.id},s)}),x=a("tr"),L=a("tbody"),F=a("table",{class:"nbp-table","data-testid":p},a("thead",{},x),L),m=a("span",{class:"nbp-note","data-testid":`${p}-count`}),T=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,S()}},"Show more rows"),v=a("div",{class:"nbp-toolbar"});l>=0&&v.append(a("label",{},`Filter by ${e[l].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${p}-filter`,"aria-label":`Filter by ${e[l].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),S()}}))),e.length>2&&t.chooser!==!1&&v.append(Nt(e,n,(i,d)=>{n[i]=d,S()},p)),t.csvName&&v.append(a("button",{type:"button","data-testid":`${p}-csv`,onclick:()=>K(t.csvName,Ct(e,$()))},"Export as CSV")),v.append(m);let w=a("div",{class:"nbp-table-box"},v,a("div",{class:"nbp-table-wrap","data-testid":`${p}-scroller`},F),T);function A(i,d){return[it(i)?"nbp-num":"",d===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function k(){b=new Map,e.forEach((i,d)=>{i.type==="name"&&b.set(d,U(o.map(s=>s[d])))})}function $(){let i=o;if(r.filter&&l>=0&&(i=i.filter(d=>String(d[l]??"").toLowerCase().includes(r.filter))),r.sort>=0){let d=r.sort,s=r.desc?-1:1;i=i.map((u,h)=>[u,h]).sort((u,h)=>{let g=Et(u[0][d],h[0][d]);return g===0?u[1]-h[1]:u[0][d]===null||u[0][d]===void 0||h[0][d]===null||h[0][d]===void 0?g:s*g}).map(u=>u[0])}return i}function N(i,d,s,u){let h;i.type==="name"?h=_(s,b.get(d)?.get(s)||0,c):h=B(s,i.type);let g=(i.type==="str"||i.type==="name")&&s!==null&&s!==void 0?String(s):null,E=a("td",{class:A(i,d),title:g},h);if(i.color){let P=i.color(s,u);P&&(E.style.background=P,E.style.color="#111")}return E}function I(i){let d=a("tr",{tabindex:"0"},e.map((s,u)=>n[u]?N(s,u,i[u],i):null));return t.onHover&&(d.addEventListener("mouseenter",s=>t.onHover(i,s)),d.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&d.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&d.addEventListener("click",()=>t.onSelect(i)),d.addEventListener("keydown",s=>{s.key==="ArrowDown"&&d.nextElementSibling&&(s.preventDefault(),d.nextElementSibling.focus()),s.key==="ArrowUp"&&d.previousElementSibling&&(s.preventDefault(),d.previousElementSibling.focus()),(s.key==="Enter"||s.key===" ")&&t.onSelect&&(s.preventDefault(),t.onSelect(i))}),d}function S(){x.replaceChildren(...f.filter((d,s)=>n[s])),f.forEach((d,s)=>{d.setAttribute("aria-sort",s===r.sort?r.desc?"descending":"ascending":"none"),d.querySelector(".nbp-sort-mark").textContent=s===r.sort?r.desc?"▼":"▲":""});let i=$();L.replaceChildren(...i.slice(0,r.limit).map(I)),m.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,T.style.display=i.length>r.limit?"":"none"}k(),S();let O=e.findIndex(i=>i.type==="name");if(typeof ResizeObserver<"u"&&O>=0){let i=0;new ResizeObserver(d=>{let s=d[d.length-1].contentRect.width;if(!(s>0))return;i||(i=1.12*St(F,o.slice(0,50).map(h=>String(h[O]??""))));let u=Math.max(24,Math.min(90,Math.floor((Math.min(.4*s,560)-14)/i)));Math.abs(u-c)>=2&&requestAnimationFrame(()=>{c=u,S()})}).observe(w)}return{el:w,setRows(i){o=i,k(),S()},visibleRows:$}}var pt=`
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
`;function Lt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var lt=!1;function Tt(){if(lt||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=pt,document.head.append(t),lt=!0}function dt(t){Tt(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",Lt());e();let o=new MutationObserver(e);return o.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>o.disconnect()}function zt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,o])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},o)))))}function ct(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(o,n,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},n),zt(r||[])),e.style.display="block";let l=t.getBoundingClientRect(),p=o.clientX-l.left+12,b=o.clientY-l.top+12,c=e.offsetWidth;p+c>l.width&&(p=Math.max(0,o.clientX-l.left-c-12)),e.style.left=`${p}px`,e.style.top=`${b}px`},hide(){e.style.display="none"},element:e}}function jt(t,e="banner"){if(!t||!t.text)return null;let o=(t.fixes||[]).flatMap((n,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},n)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,o.length?[" Mark each step with",...o,"."]:null)}function bt(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function ut(t,e,o=120){if(!e)return;let n=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let l=0;r&&l<8;l++,r=r.parentElement){let p=r.previousElementSibling;if(p&&(p.matches(n)||p.querySelector(n))){p.style.display="none",p.dataset.nbprofHidden="true";return}}o>0&&requestAnimationFrame(()=>ut(t,e,o-1))}function At(t,e,o,n={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let l=ct(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let p=jt(e?.banner);if(p&&!n.bannerShown&&r.append(p),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let c=bt(e?.notes);c&&r.append(c);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{o(r,e,{tooltip:l,...n})}catch(c){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${c}`)),console.error(c)}let b=bt(e.notes);b&&r.append(b)}function ft(t){return{render({model:e,el:o}){let n=a("div");o.append(n);let r=dt(n),l=()=>At(n,e.get("payload"),t);return l(),ut(o,e.get("payload")?.static_id),e.on("change:payload",l),()=>{e.off("change:payload",l),r()}}}}function Bt(t){let e=t.available===!1;return a("div",{class:`nbp-card${e?" nbp-card-na":""}`,"data-testid":`card-${t.id}`},a("div",{class:"nbp-card-label"},t.label),a("div",{class:"nbp-card-value","data-testid":`card-${t.id}-value`},e?t.reason||"not available on this device":B(t.value,t.type,!0)),...e?[]:(t.details||[]).map(([o,n,r])=>a("div",{class:"nbp-card-sub"},`${o}: ${B(n,r,!0)}`)))}function Rt(t,e,o){t.append(z("Performance summary",a("div",{class:"nbp-cards","data-testid":"cards"},(e.cards||[]).map(Bt))));let n=e.step_graph;t.append(z("Step-time graph",n&&n.labels&&n.labels.length?rt(b=>at({labels:n.labels,series:n.series,yLabel:"step time (ms)",xLabel:"step",format:c=>V(c),tooltip:o.tooltip,testid:"step-graph",width:b}),{testid:"step-graph"}):G(n?.reason||"no steps found in this profile")));let r=e.top_ops;t.append(z(r?.title||"Top 10 operations",r&&r.rows?st({columns:r.columns,rows:r.rows,testid:"top-ops",maxRows:10}).el:G(r?.reason)));let l=e.environment||[];t.append(z("Run environment",a("table",{class:"nbp-kv","data-testid":"environment"},a("tbody",{},l.map(([b,c])=>a("tr",{},a("td",{},b),a("td",{},c)))))));let p=e.recommendation;if(p){let b=(p.next_tools||[]).map(c=>o.navigate?a("button",{type:"button",class:"nbp-link","data-testid":`goto-${c.id}`,onclick:()=>o.navigate(c.id)},c.label):a("span",{"data-testid":`goto-${c.id}`},c.label));t.append(z("Recommendation for next step",a("div",{class:"nbp-recommendation","data-testid":"recommendation"},a("div",{},p.text||""),b.length?a("div",{style:{marginTop:"4px"}},"Next tools to look at: ",b.flatMap((c,f)=>f?[", ",c]:[c])):null)))}}var de=ft(Rt);export{de as default,Rt as renderOverview};
