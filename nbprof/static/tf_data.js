var pt="http://www.w3.org/2000/svg";function q(t,e){for(let[n,o]of Object.entries(e||{}))o==null||o===!1||(n==="style"&&typeof o=="object"?Object.assign(t.style,o):n.startsWith("on")&&typeof o=="function"?t.addEventListener(n.slice(2),o):n==="dataset"?Object.assign(t.dataset,o):t.setAttribute(n==="className"?"class":n,o===!0?"":String(o)))}function V(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function a(t,e,...n){let o=document.createElement(t);return q(o,e),V(o,n),o}function C(t,e,...n){let o=document.createElementNS(pt,t);return q(o,e),V(o,n),o}function B(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function F(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function Z(t,e,n="text/csv"){let o=URL.createObjectURL(new Blob([e],{type:n})),r=a("a",{href:o,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(o),1e3)}var ct=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function dt(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function L(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[o,r]of ct)if(n>=r||o==="ps")return`${dt(t/r,e)} ${o}`;return`${t} ps`}var bt=(t,e)=>L(t*1e6,e),ft=(t,e)=>L(t*1e9,e),K=["B","KiB","MiB","GiB","TiB"];function ut(t,e=2){if(t==null||Number.isNaN(t))return"–";let n=Number(t),o=0;for(;Math.abs(n)>=1024&&o<K.length-1;)n/=1024,o+=1;return o===0?`${n} B`:`${n.toFixed(e)} ${K[o]}`}function I(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function N(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function P(t,e,n=!1){if(t==null)return"";switch(e){case"ps":return L(t);case"us":return n?bt(t):N(t,3);case"ms":return n?ft(t):N(t,3);case"pct":return I(t);case"frac":return I(t*100,1);case"bytes":return ut(t);case"int":return N(t);case"num":return N(t);case"bool":return t?"yes":"no";default:return String(t)}}var T=60,J=18,Q=10;function R(t,e){let n=Math.min(t.length,e.length),o=0;for(;o<n&&t.charCodeAt(o)===e.charCodeAt(o);)o++;return o}function ht(t){let e=[...new Set(t.filter(o=>typeof o=="string"))].sort(),n=new Map;return e.forEach((o,r)=>{let c=r>0?R(o,e[r-1]):0,s=r+1<e.length?R(o,e[r+1]):0;n.set(o,Math.max(c,s))}),n}function _(t,e=0,n=T){if(t.length<=n+4)return[[t,!0]];let o=(b,x)=>x>b?[[t.slice(b,x),!1]]:[];if(n<10)return[[t.slice(0,n-1),!0],...o(n-1,t.length)];let r=Math.min(J,Math.floor(n*.3)),c=Math.min(Q,Math.floor(n*.15)),s=Math.min(24,Math.floor(n/3));if(e+c<=n-s)return[[t.slice(0,n-s),!0],...o(n-s,t.length-s),[t.slice(t.length-s),!0]];let l=n-r-1;if(e-c>=t.length-l)return[[t.slice(0,r),!0],...o(r,t.length-l),[t.slice(t.length-l),!0]];let d=Math.min(16,Math.floor(n/4)),p=Math.max(r,e-c),u=Math.min(p+n-r-d,t.length-d);return[[t.slice(0,r),!0],...o(r,p),[t.slice(p,u),!0],...o(u,t.length-d),[t.slice(t.length-d),!0]]}function H(t){return t.map(([e,n])=>n?e:"…").join("")}function O(t,e=0,n=T){return H(_(t,e,n))}function mt(t,e,n=T){if(t.length<=n+4||n<10)return _(t,e[0]||0,n);let o=Math.min(J,Math.floor(n*.3)),r=Math.min(16,Math.floor(n/4)),c=Math.min(Q,Math.floor(n*.15)),s=[...new Set(e)].sort((b,x)=>b-x),l=Math.max(4,Math.floor((n-o-r)/s.length)),d=[];for(let b of s){let x=Math.max(o,Math.min(b-Math.min(c,Math.floor(l/3)),t.length-r-l)),g=Math.min(x+l,t.length-r),S=d[d.length-1];S&&x<=S[1]?S[1]=Math.max(S[1],g):d.push([x,g])}let p=[[t.slice(0,o),!0]],u=o;for(let[b,x]of d)b>u&&p.push([t.slice(u,b),!1]),p.push([t.slice(Math.max(u,b),x),!0]),u=x;return t.length-r>u&&p.push([t.slice(u,t.length-r),!1]),p.push([t.slice(Math.max(u,t.length-r)),!0]),p}function D(t,e=T){let n=ht(t),o=new Map([...n].map(([c,s])=>[c,_(c,s,e)])),r=new Map;for(let c=0;c<3;c++){let s=xt(o);if(!s.length)break;for(let l of s)for(let d of l){let p=new Map;for(let x of l)if(x!==d){let g=R(d,x);p.set(g,(p.get(g)||0)+1)}let u=[...p].sort((x,g)=>g[1]-x[1]).map(([x])=>x),b=[];for(let x of[...u,...r.get(d)||[]])b.length<3&&b.every(g=>Math.abs(g-x)>3)&&b.push(x);b.sort((x,g)=>x-g),r.set(d,b),o.set(d,mt(d,b,e))}}return o}function xt(t){let e=new Map;for(let[n,o]of t){if(o.length===1)continue;let r=H(o);e.set(r,[...e.get(r)||[],n])}return[...e.values()].filter(n=>n.length>1)}function X(t,e=null,n=T){let o=t==null?"":String(t),r=e||_(o,0,n),c=a("span",{class:"nbp-name",title:r.length>1?o:null,"data-full":r.length>1?"":null});for(let[s,l]of r)c.append(l?document.createTextNode(s):a("span",{class:"nbp-cut"},s));return c}function tt(t,{fallbackWidth:e=640,minWidth:n=260,testid:o}={}){let r=a("div",{class:"nbp-chart","data-testid":o?`${o}-box`:null}),c=-1,s=0,l=d=>{let p=Math.max(n,Math.floor(d));p!==c&&(c=p,r.replaceChildren(t(p)),r.dataset.width=String(p))};return r.setDraw=d=>{t=d;let p=c>0?c:e;c=-1,l(r.clientWidth>0?r.clientWidth:p)},l(e),typeof ResizeObserver<"u"&&new ResizeObserver(p=>{let u=p[p.length-1].contentRect.width;u>0&&(cancelAnimationFrame(s),s=requestAnimationFrame(()=>{r.isConnected&&l(u)}))}).observe(r),r}var gt=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function vt(t,e){let n=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",o=document.createElement("canvas").getContext("2d");if(!o)return 7;let r=getComputedStyle(t);return o.font=`${r.fontStyle} ${r.fontWeight} ${r.fontSize} ${r.fontFamily}`,Math.max(4,o.measureText(n).width/n.length)||7}function et(t){return gt.has(t.type)}function wt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function yt(t,e){let n=o=>{if(o==null)return"";let r=typeof o=="string"&&/^[=+\-@\t\r]/.test(o)?`'${o}`:String(o);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(o=>n(o.label)),...e.map(o=>o.map(n))].map(o=>o.join(",")).join(`
`)+`
`}function Mt(t,e,n,o){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((p,u)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[u],disabled:u===0,"data-col":p.id,onchange:b=>n(u,b.target.checked)}),p.label))),c=()=>e.filter(p=>!p).length,s=a("summary",{"data-testid":`${o}-columns`}),l=a("details",{class:"nbp-chooser"},s,r),d=()=>{s.textContent=c()?`Columns (${c()} hidden)`:"Columns"};return d(),l.addEventListener("change",d),l.addEventListener("keydown",p=>{p.key==="Escape"&&(l.open=!1,s.focus())}),l}function U(t){let e=t.columns,n=t.rows||[],o=e.map((i,f)=>f===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},c=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,s=t.testid||"table",l=new Map,d=T,p=e.map((i,f)=>{let h=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===f?r.desc=!r.desc:(r.sort=f,r.desc=et(i)),$()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:A(i,f),"data-col":i.id},h)}),u=a("tr"),b=a("tbody"),x=a("table",{class:"nbp-table","data-testid":s},a("thead",{},u),b),g=a("span",{class:"nbp-note","data-testid":`${s}-count`}),S=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,$()}},"Show more rows"),E=a("div",{class:"nbp-toolbar"});c>=0&&E.append(a("label",{},`Filter by ${e[c].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${s}-filter`,"aria-label":`Filter by ${e[c].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),$()}}))),e.length>2&&t.chooser!==!1&&E.append(Mt(e,o,(i,f)=>{o[i]=f,$()},s)),t.csvName&&E.append(a("button",{type:"button","data-testid":`${s}-csv`,onclick:()=>Z(t.csvName,yt(e,w()))},"Export as CSV")),E.append(g);let z=a("div",{class:"nbp-table-box"},E,a("div",{class:"nbp-table-wrap","data-testid":`${s}-scroller`},x),S);function A(i,f){return[et(i)?"nbp-num":"",f===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function m(){l=new Map,e.forEach((i,f)=>{i.type==="name"&&l.set(f,D(n.map(h=>h[f]),d))})}function w(){let i=n;if(r.filter&&c>=0&&(i=i.filter(f=>String(f[c]??"").toLowerCase().includes(r.filter))),r.sort>=0){let f=r.sort,h=r.desc?-1:1;i=i.map((v,k)=>[v,k]).sort((v,k)=>{let j=wt(v[0][f],k[0][f]);return j===0?v[1]-k[1]:v[0][f]===null||v[0][f]===void 0||k[0][f]===null||k[0][f]===void 0?j:h*j}).map(v=>v[0])}return i}function M(i,f,h,v){let k;i.type==="name"?k=X(h,l.get(f)?.get(h)):k=P(h,i.type);let j=(i.type==="str"||i.type==="name")&&h!==null&&h!==void 0?String(h):null,G=a("td",{class:A(i,f),title:j},k);if(i.color){let W=i.color(h,v);W&&(G.style.background=W,G.style.color="#111")}return G}function y(i){let f=a("tr",{tabindex:"0"},e.map((h,v)=>o[v]?M(h,v,i[v],i):null));return t.onHover&&(f.addEventListener("mouseenter",h=>t.onHover(i,h)),f.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&f.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&f.addEventListener("click",()=>t.onSelect(i)),f.addEventListener("keydown",h=>{h.key==="ArrowDown"&&f.nextElementSibling&&(h.preventDefault(),f.nextElementSibling.focus()),h.key==="ArrowUp"&&f.previousElementSibling&&(h.preventDefault(),f.previousElementSibling.focus()),(h.key==="Enter"||h.key===" ")&&t.onSelect&&(h.preventDefault(),t.onSelect(i))}),f}function $(){u.replaceChildren(...p.filter((f,h)=>o[h])),p.forEach((f,h)=>{f.setAttribute("aria-sort",h===r.sort?r.desc?"descending":"ascending":"none"),f.querySelector(".nbp-sort-mark").textContent=h===r.sort?r.desc?"▼":"▲":""});let i=w();b.replaceChildren(...i.slice(0,r.limit).map(y)),g.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,S.style.display=i.length>r.limit?"":"none"}m(),$();let Y=e.findIndex(i=>i.type==="name");if(typeof ResizeObserver<"u"&&Y>=0){let i=0;new ResizeObserver(f=>{let h=f[f.length-1].contentRect.width;if(!(h>0))return;i||(i=1.12*vt(x,n.slice(0,50).map(k=>String(k[Y]??""))));let v=Math.max(24,Math.min(90,Math.floor((Math.min(.4*h,560)-14)/i)));Math.abs(v-d)>=2&&requestAnimationFrame(()=>{d=v,m(),$()})}).observe(z)}return{el:z,setRows(i){n=i,m(),$()},visibleRows:w}}var nt=`
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
`;function kt(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var ot=!1;function $t(){if(ot||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=nt,document.head.append(t),ot=!0}function rt(t){$t(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",kt());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function St(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},n)))))}function at(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,o,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},o),St(r||[])),e.style.display="block";let c=t.getBoundingClientRect(),s=n.clientX-c.left+12,l=n.clientY-c.top+12,d=e.offsetWidth;s+d>c.width&&(s=Math.max(0,n.clientX-c.left-d-12)),e.style.left=`${s}px`,e.style.top=`${l}px`},hide(){e.style.display="none"},element:e}}function Et(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((o,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},o)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function it(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function st(t,e,n=120){if(!e)return;let o=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let c=0;r&&c<8;c++,r=r.parentElement){let s=r.previousElementSibling;if(s&&(s.matches(o)||s.querySelector(o))){s.style.display="none",s.dataset.nbprofHidden="true";return}}n>0&&requestAnimationFrame(()=>st(t,e,n-1))}function Ct(t,e,n,o={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let c=at(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let s=Et(e?.banner);if(s&&!o.bannerShown&&r.append(s),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let d=it(e?.notes);d&&r.append(d);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(r,e,{tooltip:c,...o})}catch(d){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${d}`)),console.error(d)}let l=it(e.notes);l&&r.append(l)}function lt(t){return{render({model:e,el:n}){let o=a("div");n.append(o);let r=rt(o),c=l=>e.send({kind:"select",...l}),s=()=>Ct(o,e.get("payload"),t,{request:c});return s(),st(n,e.get("payload")?.static_id),e.on("change:payload",s),()=>{e.off("change:payload",s),r()}}}}function Nt(t){let e=new Map(t.map(l=>[l.id,[]])),n=[];for(let l of t)(e.has(l.parent)&&l.parent!==l.id?e.get(l.parent):n).push(l);let o=new Map,r=0,c=0,s=(l,d)=>{c=Math.max(c,d);let p=e.get(l.id);if(!p.length){o.set(l.id,{x:d,y:r++});return}p.forEach(b=>s(b,d+1));let u=p.map(b=>o.get(b.id).y);o.set(l.id,{x:d,y:(Math.min(...u)+Math.max(...u))/2})};return n.forEach(l=>s(l,0)),{pos:o,depth:c+1,rows:Math.max(1,r)}}function Lt(t,e,n){let{pos:s,depth:l,rows:d}=Nt(t.nodes),p=Math.floor((n-(l-1)*28-2)/l)>=130,u=p?l:d,b=Math.max(96,Math.min(p?190:260,Math.floor((n-(u-1)*28-2)/u))),x=Math.floor((b-12)/7.2),g=u*b+(u-1)*28+4,S=(p?d*62:l*62)+4,E=C("svg",{width:g,height:S,viewBox:`-2 -2 ${g} ${S}`,class:"nbp-graph","data-testid":"pipeline-graph","data-layout":p?"across":"down"}),z=m=>{let w=s.get(m);return p?{x:w.x*(b+28),y:w.y*62}:{x:w.y*(b+28),y:w.x*62}},A=new Map(t.nodes.map(m=>[m.id,m]));for(let m of t.nodes){let w=A.get(m.parent);if(!w||w===m)continue;let M=z(w.id),y=z(m.id),$=p?`M ${M.x+b} ${M.y+44/2} C ${M.x+b+28/2} ${M.y+44/2}, ${y.x-28/2} ${y.y+44/2}, ${y.x} ${y.y+44/2}`:`M ${M.x+b/2} ${M.y+44} C ${M.x+b/2} ${M.y+44+18/2}, ${y.x+b/2} ${y.y-18/2}, ${y.x+b/2} ${y.y}`;E.append(C("path",{class:m.critical&&w.critical?"nbp-critical":"",d:$}))}for(let m of t.nodes){let w=z(m.id),M=["nbp-node",m.critical?"nbp-critical":"",m.bottleneck?"nbp-bottleneck":""].join(" "),y=C("g",{class:M,transform:`translate(${w.x} ${w.y})`,"data-testid":"graph-node","data-name":m.name,"data-critical":m.critical?"true":"false","data-bottleneck":m.bottleneck?"true":"false",tabindex:"0"},C("rect",{width:b,height:44,rx:4}),C("text",{x:6,y:16},O(m.short_name||m.name,0,x)),C("text",{x:6,y:33},O(`${L(m.self_ps)} self · ${N(m.calls)}×`,0,x)));y.addEventListener("mousemove",$=>e.show($,m.name,[["Total",L(m.total_ps)],["Self",L(m.self_ps)],["Calls",N(m.calls)],["On critical path",m.critical?"yes":"no"],["Bottleneck",m.bottleneck?"yes":"no"]])),y.addEventListener("mouseleave",()=>e.hide()),E.append(y)}return a("div",{style:{overflowX:"auto",maxWidth:"100%"}},E)}function Tt(t,e,n){e.text&&t.append(a("div",{class:"nbp-recommendation","data-testid":"tfdata-text"},e.text,e.recommendation?a("div",{"data-testid":"tfdata-recommendation"},e.recommendation):null)),t.append(B("Summary",a("table",{class:"nbp-kv","data-testid":"tfdata-summary"},a("tbody",{},(e.summary||[]).map(([p,u,b])=>a("tr",{},a("td",{},p),a("td",{},P(u,b,!0))))))));let o=Object.keys(e.graphs||{}),r=null,c=p=>{let u=b=>Lt(e.graphs[p],n.tooltip,b);r?r.setDraw(u):r=tt(u,{testid:"pipeline-graph",minWidth:200})};o.length&&c(e.default_graph||o[0]);let s=o.length>1?a("label",{},"Pipeline ",a("select",{"data-testid":"tfdata-pipeline",onchange:p=>c(p.target.value)},o.map(p=>a("option",{value:p,selected:p===e.default_graph},p)))):null;t.append(B("Pipeline graph (slowest run)",o.length?a("div",{},s,r,a("div",{class:"nbp-note"},"Bold: critical path (blocking iterators). Red outline: bottleneck.")):F("no pipeline graph")));let l=e.bottlenecks;l&&l.rows.length&&t.append(B("Bottleneck of each slow pipeline",U({columns:l.columns,rows:l.rows,sortBy:"max_latency_us",testid:"bottlenecks"}).el));let d=e.pipelines;t.append(B("Pipelines",d&&d.rows.length?U({columns:d.columns,rows:d.rows,sortBy:"max_latency_us",filterColumn:"root_iterator",csvName:"tf_data_pipelines.csv",testid:"pipelines"}).el:F("no pipelines")))}var se=lt(Tt);export{se as default,Tt as renderTfData};
