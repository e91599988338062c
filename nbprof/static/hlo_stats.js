var dt="http://www.w3.org/2000/svg";function W(t,e){for(let[n,o]of Object.entries(e||{}))o==null||o===!1||(n==="style"&&typeof o=="object"?Object.assign(t.style,o):n.startsWith("on")&&typeof o=="function"?t.addEventListener(n.slice(2),o):n==="dataset"?Object.assign(t.dataset,o):t.setAttribute(n==="className"?"class":n,o===!0?"":String(o)))}function G(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function a(t,e,...n){let o=document.createElement(t);return W(o,e),G(o,n),o}function B(t,e,...n){let o=document.createElementNS(dt,t);return W(o,e),G(o,n),o}function O(t,...e){return a("section",{class:"nbp-section"},t?a("h3",{class:"nbp-h"},t):null,...e)}function V(t,e="unavailable"){return a("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function X(t,e,n="text/csv"){let o=URL.createObjectURL(new Blob([e],{type:n})),r=a("a",{href:o,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(o),1e3)}var bt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function ft(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function D(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[o,r]of bt)if(n>=r||o==="ps")return`${ft(t/r,e)} ${o}`;return`${t} ps`}var U=(t,e)=>D(t*1e6,e),ut=(t,e)=>D(t*1e9,e),Y=["B","KiB","MiB","GiB","TiB"];function ht(t,e=2){if(t==null||Number.isNaN(t))return"–";let n=Number(t),o=0;for(;Math.abs(n)>=1024&&o<Y.length-1;)n/=1024,o+=1;return o===0?`${n} B`:`${n.toFixed(e)} ${Y[o]}`}function N(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function C(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function Z(t,e,n=!1){if(t==null)return"";switch(e){case"ps":return D(t);case"us":return n?U(t):C(t,3);case"ms":return n?ut(t):C(t,3);case"pct":return N(t);case"frac":return N(t*100,1);case"bytes":return ht(t);case"int":return C(t);case"num":return C(t);case"bool":return t?"yes":"no";default:return String(t)}}var L=60,K=18,J=10;function _(t,e){let n=Math.min(t.length,e.length),o=0;for(;o<n&&t.charCodeAt(o)===e.charCodeAt(o);)o++;return o}function mt(t){let e=[...new Set(t.filter(o=>typeof o=="string"))].sort(),n=new Map;return e.forEach((o,r)=>{let l=r>0?_(o,e[r-1]):0,s=r+1<e.length?_(o,e[r+1]):0;n.set(o,Math.max(l,s))}),n}function q(t,e=0,n=L){if(t.length<=n+4)return[[t,!0]];let o=(h,f)=>f>h?[[t.slice(h,f),!1]]:[];if(n<10)return[[t.slice(0,n-1),!0],...o(n-1,t.length)];let r=Math.min(K,Math.floor(n*.3)),l=Math.min(J,Math.floor(n*.15)),s=Math.min(24,Math.floor(n/3));if(e+l<=n-s)return[[t.slice(0,n-s),!0],...o(n-s,t.length-s),[t.slice(t.length-s),!0]];let d=n-r-1;if(e-l>=t.length-d)return[[t.slice(0,r),!0],...o(r,t.length-d),[t.slice(t.length-d),!0]];let c=Math.min(16,Math.floor(n/4)),u=Math.max(r,e-l),m=Math.min(u+n-r-c,t.length-c);return[[t.slice(0,r),!0],...o(r,u),[t.slice(u,m),!0],...o(m,t.length-c),[t.slice(t.length-c),!0]]}function Q(t){return t.map(([e,n])=>n?e:"…").join("")}function xt(t,e,n=L){if(t.length<=n+4||n<10)return q(t,e[0]||0,n);let o=Math.min(K,Math.floor(n*.3)),r=Math.min(16,Math.floor(n/4)),l=Math.min(J,Math.floor(n*.15)),s=[...new Set(e)].sort((h,f)=>h-f),d=Math.max(4,Math.floor((n-o-r)/s.length)),c=[];for(let h of s){let f=Math.max(o,Math.min(h-Math.min(l,Math.floor(d/3)),t.length-r-d)),g=Math.min(f+d,t.length-r),w=c[c.length-1];w&&f<=w[1]?w[1]=Math.max(w[1],g):c.push([f,g])}let u=[[t.slice(0,o),!0]],m=o;for(let[h,f]of c)h>m&&u.push([t.slice(m,h),!1]),u.push([t.slice(Math.max(m,h),f),!0]),m=f;return t.length-r>m&&u.push([t.slice(m,t.length-r),!1]),u.push([t.slice(Math.max(m,t.length-r)),!0]),u}function F(t,e=L){let n=mt(t),o=new Map([...n].map(([l,s])=>[l,q(l,s,e)])),r=new Map;for(let l=0;l<3;l++){let s=gt(o);if(!s.length)break;for(let d of s)for(let c of d){let u=new Map;for(let f of d)if(f!==c){let g=_(c,f);u.set(g,(u.get(g)||0)+1)}let m=[...u].sort((f,g)=>g[1]-f[1]).map(([f])=>f),h=[];for(let f of[...m,...r.get(c)||[]])h.length<3&&h.every(g=>Math.abs(g-f)>3)&&h.push(f);h.sort((f,g)=>f-g),r.set(c,h),o.set(c,xt(c,h,e))}}return o}function gt(t){let e=new Map;for(let[n,o]of t){if(o.length===1)continue;let r=Q(o);e.set(r,[...e.get(r)||[],n])}return[...e.values()].filter(n=>n.length>1)}function P(t,e=null,n=L){let o=t==null?"":String(t),r=e||q(o,0,n),l=a("span",{class:"nbp-name",title:r.length>1?o:null,"data-full":r.length>1?"":null});for(let[s,d]of r)l.append(d?document.createTextNode(s):a("span",{class:"nbp-cut"},s));return l}var I=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function tt(t){return I[(t%I.length+I.length)%I.length]}function vt(t,e,n=40){let o=F(t.map(r=>r.label),n);return a("div",{class:"nbp-legend","data-testid":e},t.map(r=>a("span",{class:"nbp-legend-item",title:r.label,"data-label":r.label},a("span",{class:"nbp-swatch",style:{background:r.color}}),P(r.label,o.get(r.label)))))}function wt(t,e,n,o,r){if(r-o>=Math.PI*2-1e-9)return`M ${t-n} ${e} A ${n} ${n} 0 1 1 ${t+n} ${e} A ${n} ${n} 0 1 1 ${t-n} ${e} Z`;let l=t+n*Math.sin(o),s=e-n*Math.cos(o),d=t+n*Math.sin(r),c=e-n*Math.cos(r);return`M ${t} ${e} L ${l} ${s} A ${n} ${n} 0 ${r-o>Math.PI?1:0} 1 ${d} ${c} Z`}function et({title:t,slices:e,format:n=C,tooltip:o,testid:r="pie",maxSlices:l=10,wide:s=!1,details:d=null}){let c=e.filter(x=>x.value>0).sort((x,$)=>$.value-x.value),u=c.slice(0,l),m=c.slice(l).reduce((x,$)=>x+$.value,0);m>0&&(u=[...u,{label:"Other",value:m}]);let h=u.reduce((x,$)=>x+$.value,0),f=180,g=84,w=f/2,M=B("svg",{width:f,height:f,viewBox:`0 0 ${f} ${f}`,role:"img","aria-label":t}),S=0,A=u.map((x,$)=>{let T=S+x.value/h*Math.PI*2,k=tt($),z=(S+T)/2,i=B("path",{d:wt(w,w,g,S,T),fill:k,stroke:"var(--nbp-bg)","stroke-width":1,"data-label":x.label,"data-value":x.value,tabindex:"0","data-anchor-x":(w+.6*g*Math.sin(z)).toFixed(1),"data-anchor-y":(w-.6*g*Math.cos(z)).toFixed(1)}),p=b=>o&&o.show(b||{clientX:0,clientY:0},x.label,[["Value",n(x.value)],["Share",N(100*x.value/h)],...d?d(x):[]]);return i.addEventListener("mousemove",p),i.addEventListener("mouseleave",()=>o&&o.hide()),M.append(i),S=T,{label:x.label,color:k}});u.length||M.append(B("text",{x:w,y:w,"text-anchor":"middle"},"no data"));let E=vt(A,`${r}-legend`,s?90:28);return s?(E.classList.add("nbp-legend-wide"),a("div",{class:"nbp-pie nbp-pie-wide","data-testid":r},a("div",{style:{fontWeight:600}},t),a("div",{class:"nbp-row"},M,E))):a("div",{class:"nbp-pie","data-testid":r},a("div",{style:{fontWeight:600}},t),M,E)}var yt=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function Mt(t,e){let n=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",o=document.createElement("canvas").getContext("2d");if(!o)return 7;let r=getComputedStyle(t);return o.font=`${r.fontStyle} ${r.fontWeight} ${r.fontSize} ${r.fontFamily}`,Math.max(4,o.measureText(n).width/n.length)||7}function nt(t){return yt.has(t.type)}function kt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function $t(t,e){let n=o=>{if(o==null)return"";let r=typeof o=="string"&&/^[=+\-@\t\r]/.test(o)?`'${o}`:String(o);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(o=>n(o.label)),...e.map(o=>o.map(n))].map(o=>o.join(",")).join(`
`)+`
`}function St(t,e,n,o){let r=a("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((u,m)=>a("label",{class:"nbp-menu-item"},a("input",{type:"checkbox",checked:e[m],disabled:m===0,"data-col":u.id,onchange:h=>n(m,h.target.checked)}),u.label))),l=()=>e.filter(u=>!u).length,s=a("summary",{"data-testid":`${o}-columns`}),d=a("details",{class:"nbp-chooser"},s,r),c=()=>{s.textContent=l()?`Columns (${l()} hidden)`:"Columns"};return c(),d.addEventListener("change",c),d.addEventListener("keydown",u=>{u.key==="Escape"&&(d.open=!1,s.focus())}),d}function ot(t){let e=t.columns,n=t.rows||[],o=e.map((i,p)=>p===0||!i.hidden),r={sort:t.sortBy!==void 0?e.findIndex(i=>i.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},l=t.filterColumn?e.findIndex(i=>i.id===t.filterColumn):-1,s=t.testid||"table",d=new Map,c=L,u=e.map((i,p)=>{let b=a("button",{type:"button",title:i.title||`Sort by ${i.label}`,onclick:()=>{r.sort===p?r.desc=!r.desc:(r.sort=p,r.desc=nt(i)),k()}},i.label,a("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return a("th",{scope:"col",class:A(i,p),"data-col":i.id},b)}),m=a("tr"),h=a("tbody"),f=a("table",{class:"nbp-table","data-testid":s},a("thead",{},m),h),g=a("span",{class:"nbp-note","data-testid":`${s}-count`}),w=a("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,k()}},"Show more rows"),M=a("div",{class:"nbp-toolbar"});l>=0&&M.append(a("label",{},`Filter by ${e[l].label.toLowerCase()}:`,a("input",{type:"search","data-testid":`${s}-filter`,"aria-label":`Filter by ${e[l].label}`,oninput:i=>{r.filter=i.target.value.toLowerCase(),k()}}))),e.length>2&&t.chooser!==!1&&M.append(St(e,o,(i,p)=>{o[i]=p,k()},s)),t.csvName&&M.append(a("button",{type:"button","data-testid":`${s}-csv`,onclick:()=>X(t.csvName,$t(e,x()))},"Export as CSV")),M.append(g);let S=a("div",{class:"nbp-table-box"},M,a("div",{class:"nbp-table-wrap","data-testid":`${s}-scroller`},f),w);function A(i,p){return[nt(i)?"nbp-num":"",p===0?"nbp-sticky":"",i.type==="name"?"nbp-name-col":""].join(" ").trim()}function E(){d=new Map,e.forEach((i,p)=>{i.type==="name"&&d.set(p,F(n.map(b=>b[p]),c))})}function x(){let i=n;if(r.filter&&l>=0&&(i=i.filter(p=>String(p[l]??"").toLowerCase().includes(r.filter))),r.sort>=0){let p=r.sort,b=r.desc?-1:1;i=i.map((v,y)=>[v,y]).sort((v,y)=>{let j=kt(v[0][p],y[0][p]);return j===0?v[1]-y[1]:v[0][p]===null||v[0][p]===void 0||y[0][p]===null||y[0][p]===void 0?j:b*j}).map(v=>v[0])}return i}function $(i,p,b,v){let y;i.type==="name"?y=P(b,d.get(p)?.get(b)):y=Z(b,i.type);let j=(i.type==="str"||i.type==="name")&&b!==null&&b!==void 0?String(b):null,R=a("td",{class:A(i,p),title:j},y);if(i.color){let H=i.color(b,v);H&&(R.style.background=H,R.style.color="#111")}return R}function T(i){let p=a("tr",{tabindex:"0"},e.map((b,v)=>o[v]?$(b,v,i[v],i):null));return t.onHover&&(p.addEventListener("mouseenter",b=>t.onHover(i,b)),p.addEventListener("focus",()=>t.onHover(i,null))),t.onLeave&&p.addEventListener("mouseleave",()=>t.onLeave(i)),t.onSelect&&p.addEventListener("click",()=>t.onSelect(i)),p.addEventListener("keydown",b=>{b.key==="ArrowDown"&&p.nextElementSibling&&(b.preventDefault(),p.nextElementSibling.focus()),b.key==="ArrowUp"&&p.previousElementSibling&&(b.preventDefault(),p.previousElementSibling.focus()),(b.key==="Enter"||b.key===" ")&&t.onSelect&&(b.preventDefault(),t.onSelect(i))}),p}function k(){m.replaceChildren(...u.filter((p,b)=>o[b])),u.forEach((p,b)=>{p.setAttribute("aria-sort",b===r.sort?r.desc?"descending":"ascending":"none"),p.querySelector(".nbp-sort-mark").textContent=b===r.sort?r.desc?"▼":"▲":""});let i=x();h.replaceChildren(...i.slice(0,r.limit).map(T)),g.textContent=i.length>r.limit?`showing ${r.limit} of ${i.length} rows`:`${i.length} rows`,w.style.display=i.length>r.limit?"":"none"}E(),k();let z=e.findIndex(i=>i.type==="name");if(typeof ResizeObserver<"u"&&z>=0){let i=0;new ResizeObserver(p=>{let b=p[p.length-1].contentRect.width;if(!(b>0))return;i||(i=1.12*Mt(f,n.slice(0,50).map(y=>String(y[z]??""))));let v=Math.max(24,Math.min(90,Math.floor((Math.min(.4*b,560)-14)/i)));Math.abs(v-c)>=2&&requestAnimationFrame(()=>{c=v,E(),k()})}).observe(S)}return{el:S,setRows(i){n=i,E(),k()},visibleRows:x}}var rt=`
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
`;function Et(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var at=!1;function Ct(){if(at||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=rt,document.head.append(t),at=!0}function it(t){Ct(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",Et());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function Nt(t){return a("table",{},a("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>a("tr",{},a("td",{class:"nbp-muted"},e),a("td",{},n)))))}function st(t){let e=a("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,o,r){e.replaceChildren(a("div",{class:"nbp-tip-title"},o),Nt(r||[])),e.style.display="block";let l=t.getBoundingClientRect(),s=n.clientX-l.left+12,d=n.clientY-l.top+12,c=e.offsetWidth;s+c>l.width&&(s=Math.max(0,n.clientX-l.left-c-12)),e.style.left=`${s}px`,e.style.top=`${d}px`},hide(){e.style.display="none"},element:e}}function Lt(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((o,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",a("code",{},o)]);return a("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function lt(t){return!t||!t.length?null:a("details",{class:"nbp-notes","data-testid":"notes"},a("summary",{},`Details (${t.length})`),a("ul",{},t.map(e=>a("li",{"data-testid":"note"},e))))}function pt(t,e,n=120){if(!e)return;let o=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let l=0;r&&l<8;l++,r=r.parentElement){let s=r.previousElementSibling;if(s&&(s.matches(o)||s.querySelector(o))){s.style.display="none",s.dataset.nbprofHidden="true";return}}n>0&&requestAnimationFrame(()=>pt(t,e,n-1))}function Tt(t,e,n,o={}){let r=a("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let l=st(t);r.append(a("div",{class:"nbp-title"},e?.title||"nbprof"));let s=Lt(e?.banner);if(s&&!o.bannerShown&&r.append(s),!e||e.available===!1){r.append(a("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let c=lt(e?.notes);c&&r.append(c);return}e.advice&&r.append(a("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(r,e,{tooltip:l,...o})}catch(c){r.append(a("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${c}`)),console.error(c)}let d=lt(e.notes);d&&r.append(d)}function ct(t){return{render({model:e,el:n}){let o=a("div");n.append(o);let r=it(o),l=d=>e.send({kind:"select",...d}),s=()=>Tt(o,e.get("payload"),t,{request:l});return s(),pt(n,e.get("payload")?.static_id),e.on("change:payload",s),()=>{e.off("change:payload",s),r()}}}}function zt(t,e,n){let o=e.table,r=a("div",{class:"nbp-row","data-testid":"pies"});for(let s of e.pies||[]){let d=c=>c.pct===void 0?[]:[[s.pct_label,N(c.pct)]];r.append(et({title:s.title,slices:s.slices,format:c=>U(c),tooltip:n.tooltip,testid:`pie-${s.id}`,maxSlices:s.slices.length,wide:s.id==="op",details:d}))}t.append(O("Self time",r));let l=o.rows.length?ot({columns:o.columns,rows:o.rows,sortBy:"rank",sortDesc:!1,filterColumn:"hlo_op_name",csvName:e.csv_name||"hlo_stats.csv",testid:"hlo-ops"}).el:V("no ops");t.append(O("HLO ops",l))}var ie=ct(zt);export{ie as default,zt as renderHloStats};
