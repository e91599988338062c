var dt="http://www.w3.org/2000/svg";function G(t,e){for(let[n,o]of Object.entries(e||{}))o==null||o===!1||(n==="style"&&typeof o=="object"?Object.assign(t.style,o):n.startsWith("on")&&typeof o=="function"?t.addEventListener(n.slice(2),o):n==="dataset"?Object.assign(t.dataset,o):t.setAttribute(n==="className"?"class":n,o===!0?"":String(o)))}function H(t,e){for(let n of e.flat(1/0))n==null||n===!1||t.append(n instanceof Node?n:document.createTextNode(String(n)))}function i(t,e,...n){let o=document.createElement(t);return G(o,e),H(o,n),o}function A(t,e,...n){let o=document.createElementNS(dt,t);return G(o,e),H(o,n),o}function _(t,...e){return i("section",{class:"nbp-section"},t?i("h3",{class:"nbp-h"},t):null,...e)}function V(t,e="unavailable"){return i("div",{class:"nbp-na","data-testid":e},"Not available",t?": "+t:"")}function X(t,e,n="text/csv"){let o=URL.createObjectURL(new Blob([e],{type:n})),r=i("a",{href:o,download:t,style:{display:"none"}});document.body.append(r),r.click(),r.remove(),setTimeout(()=>URL.revokeObjectURL(o),1e3)}var bt=[["s",1e12],["ms",1e9],["µs",1e6],["ns",1e3],["ps",1]];function ft(t,e){let n=t.toFixed(e);return n.includes(".")?n.replace(/\.?0+$/,""):n}function O(t,e=3){if(t==null||Number.isNaN(t))return"–";if(t===0)return"0";let n=Math.abs(t);for(let[o,r]of bt)if(n>=r||o==="ps")return`${ft(t/r,e)} ${o}`;return`${t} ps`}var D=(t,e)=>O(t*1e6,e),ut=(t,e)=>O(t*1e9,e),Y=["B","KiB","MiB","GiB","TiB"];function mt(t,e=2){if(t==null||Number.isNaN(t))return"–";let n=Number(t),o=0;for(;Math.abs(n)>=1024&&o<Y.length-1;)n/=1024,o+=1;return o===0?`${n} B`:`${n.toFixed(e)} ${Y[o]}`}function B(t,e=2){return t==null||Number.isNaN(t)?"–":`${Number(t).toFixed(e)}%`}function C(t,e=3){return t==null||Number.isNaN(t)?"–":typeof t!="number"?String(t):Number.isInteger(t)?t.toLocaleString("en-US"):t.toLocaleString("en-US",{maximumFractionDigits:e})}function K(t,e,n=!1){if(t==null)return"";switch(e){case"ps":return O(t);case"us":return n?D(t):C(t,3);case"ms":return n?ut(t):C(t,3);case"pct":return B(t);case"frac":return B(t*100,1);case"bytes":return mt(t);case"int":return C(t);case"num":return C(t);case"bool":return t?"yes":"no";default:return String(t)}}var N=60,Z=18,J=10;function U(t,e){let n=Math.min(t.length,e.length),o=0;for(;o<n&&t.charCodeAt(o)===e.charCodeAt(o);)o++;return o}function ht(t){let e=[...new Set(t.filter(o=>typeof o=="string"))].sort(),n=new Map;return e.forEach((o,r)=>{let p=r>0?U(o,e[r-1]):0,s=r+1<e.length?U(o,e[r+1]):0;n.set(o,Math.max(p,s))}),n}function q(t,e=0,n=N){if(t.length<=n+4)return[[t,!0]];let o=(m,f)=>f>m?[[t.slice(m,f),!1]]:[];if(n<10)return[[t.slice(0,n-1),!0],...o(n-1,t.length)];let r=Math.min(Z,Math.floor(n*.3)),p=Math.min(J,Math.floor(n*.15)),s=Math.min(24,Math.floor(n/3));if(e+p<=n-s)return[[t.slice(0,n-s),!0],...o(n-s,t.length-s),[t.slice(t.length-s),!0]];let d=n-r-1;if(e-p>=t.length-d)return[[t.slice(0,r),!0],...o(r,t.length-d),[t.slice(t.length-d),!0]];let l=Math.min(16,Math.floor(n/4)),u=Math.max(r,e-p),h=Math.min(u+n-r-l,t.length-l);return[[t.slice(0,r),!0],...o(r,u),[t.slice(u,h),!0],...o(h,t.length-l),[t.slice(t.length-l),!0]]}function Q(t){return t.map(([e,n])=>n?e:"…").join("")}function xt(t,e,n=N){if(t.length<=n+4||n<10)return q(t,e[0]||0,n);let o=Math.min(Z,Math.floor(n*.3)),r=Math.min(16,Math.floor(n/4)),p=Math.min(J,Math.floor(n*.15)),s=[...new Set(e)].sort((m,f)=>m-f),d=Math.max(4,Math.floor((n-o-r)/s.length)),l=[];for(let m of s){let f=Math.max(o,Math.min(m-Math.min(p,Math.floor(d/3)),t.length-r-d)),g=Math.min(f+d,t.length-r),w=l[l.length-1];w&&f<=w[1]?w[1]=Math.max(w[1],g):l.push([f,g])}let u=[[t.slice(0,o),!0]],h=o;for(let[m,f]of l)m>h&&u.push([t.slice(h,m),!1]),u.push([t.slice(Math.max(h,m),f),!0]),h=f;return t.length-r>h&&u.push([t.slice(h,t.length-r),!1]),u.push([t.slice(Math.max(h,t.length-r)),!0]),u}function F(t,e=N){let n=ht(t),o=new Map([...n].map(([p,s])=>[p,q(p,s,e)])),r=new Map;for(let p=0;p<3;p++){let s=gt(o);if(!s.length)break;for(let d of s)for(let l of d){let u=new Map;for(let f of d)if(f!==l){let g=U(l,f);u.set(g,(u.get(g)||0)+1)}let h=[...u].sort((f,g)=>g[1]-f[1]).map(([f])=>f),m=[];for(let f of[...h,...r.get(l)||[]])m.length<3&&m.every(g=>Math.abs(g-f)>3)&&m.push(f);m.sort((f,g)=>f-g),r.set(l,m),o.set(l,xt(l,m,e))}}return o}function gt(t){let e=new Map;for(let[n,o]of t){if(o.length===1)continue;let r=Q(o);e.set(r,[...e.get(r)||[],n])}return[...e.values()].filter(n=>n.length>1)}function I(t,e=null,n=N){let o=t==null?"":String(t),r=e||q(o,0,n),p=i("span",{class:"nbp-name",title:r.length>1?o:null,"data-full":r.length>1?"":null});for(let[s,d]of r)p.append(d?document.createTextNode(s):i("span",{class:"nbp-cut"},s));return p}var P=["#4e79a7","#f28e2b","#59a14f","#e15759","#76b7b2","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac","#86bcb6","#d37295"];function tt(t){return P[(t%P.length+P.length)%P.length]}function vt(t,e,n=40){let o=F(t.map(r=>r.label),n);return i("div",{class:"nbp-legend","data-testid":e},t.map(r=>i("span",{class:"nbp-legend-item",title:r.label,"data-label":r.label},i("span",{class:"nbp-swatch",style:{background:r.color}}),I(r.label,o.get(r.label)))))}function wt(t,e,n,o,r){if(r-o>=Math.PI*2-1e-9)return`M ${t-n} ${e} A ${n} ${n} 0 1 1 ${t+n} ${e} A ${n} ${n} 0 1 1 ${t-n} ${e} Z`;let p=t+n*Math.sin(o),s=e-n*Math.cos(o),d=t+n*Math.sin(r),l=e-n*Math.cos(r);return`M ${t} ${e} L ${p} ${s} A ${n} ${n} 0 ${r-o>Math.PI?1:0} 1 ${d} ${l} Z`}function et({title:t,slices:e,format:n=C,tooltip:o,testid:r="pie",maxSlices:p=10,wide:s=!1,details:d=null}){let l=e.filter(x=>x.value>0).sort((x,$)=>$.value-x.value),u=l.slice(0,p),h=l.slice(p).reduce((x,$)=>x+$.value,0);h>0&&(u=[...u,{label:"Other",value:h}]);let m=u.reduce((x,$)=>x+$.value,0),f=180,g=84,w=f/2,k=A("svg",{width:f,height:f,viewBox:`0 0 ${f} ${f}`,role:"img","aria-label":t}),S=0,j=u.map((x,$)=>{let L=S+x.value/m*Math.PI*2,M=tt($),T=(S+L)/2,a=A("path",{d:wt(w,w,g,S,L),fill:M,stroke:"var(--nbp-bg)","stroke-width":1,"data-label":x.label,"data-value":x.value,tabindex:"0","data-anchor-x":(w+.6*g*Math.sin(T)).toFixed(1),"data-anchor-y":(w-.6*g*Math.cos(T)).toFixed(1)}),c=b=>o&&o.show(b||{clientX:0,clientY:0},x.label,[["Value",n(x.value)],["Share",B(100*x.value/m)],...d?d(x):[]]);return a.addEventListener("mousemove",c),a.addEventListener("mouseleave",()=>o&&o.hide()),k.append(a),S=L,{label:x.label,color:M}});u.length||k.append(A("text",{x:w,y:w,"text-anchor":"middle"},"no data"));let E=vt(j,`${r}-legend`,s?90:28);return s?(E.classList.add("nbp-legend-wide"),i("div",{class:"nbp-pie nbp-pie-wide","data-testid":r},i("div",{style:{fontWeight:600}},t),i("div",{class:"nbp-row"},k,E))):i("div",{class:"nbp-pie","data-testid":r},i("div",{style:{fontWeight:600}},t),k,E)}var yt=new Set(["int","num","pct","frac","ps","us","ms","bytes"]);function kt(t,e){let n=e.join("")||"abcdefghijklmnopqrstuvwxyz_/:<>0123456789",o=document.createElement("canvas").getContext("2d");if(!o)return 7;let r=getComputedStyle(t);return o.font=`${r.fontStyle} ${r.fontWeight} ${r.fontSize} ${r.fontFamily}`,Math.max(4,o.measureText(n).width/n.length)||7}function nt(t){return yt.has(t.type)}function Mt(t,e){return t===e?0:t==null?1:e==null?-1:typeof t=="number"&&typeof e=="number"?t-e:String(t).localeCompare(String(e))}function $t(t,e){let n=o=>{if(o==null)return"";let r=typeof o=="string"&&/^[=+\-@\t\r]/.test(o)?`'${o}`:String(o);return/[",\n\r]/.test(r)?`"${r.replace(/"/g,'""')}"`:r};return[t.map(o=>n(o.label)),...e.map(o=>o.map(n))].map(o=>o.join(",")).join(`
`)+`
`}function St(t,e,n,o){let r=i("div",{class:"nbp-menu",role:"group","aria-label":"Columns shown"},t.map((u,h)=>i("label",{class:"nbp-menu-item"},i("input",{type:"checkbox",checked:e[h],disabled:h===0,"data-col":u.id,onchange:m=>n(h,m.target.checked)}),u.label))),p=()=>e.filter(u=>!u).length,s=i("summary",{"data-testid":`${o}-columns`}),d=i("details",{class:"nbp-chooser"},s,r),l=()=>{s.textContent=p()?`Columns (${p()} hidden)`:"Columns"};return l(),d.addEventListener("change",l),d.addEventListener("keydown",u=>{u.key==="Escape"&&(d.open=!1,s.focus())}),d}function ot(t){let e=t.columns,n=t.rows||[],o=e.map((a,c)=>c===0||!a.hidden),r={sort:t.sortBy!==void 0?e.findIndex(a=>a.id===t.sortBy):-1,desc:t.sortDesc!==void 0?t.sortDesc:!0,filter:"",limit:t.maxRows||200},p=t.filterColumn?e.findIndex(a=>a.id===t.filterColumn):-1,s=t.testid||"table",d=new Map,l=N,u=e.map((a,c)=>{let b=i("button",{type:"button",title:a.title||`Sort by ${a.label}`,onclick:()=>{r.sort===c?r.desc=!r.desc:(r.sort=c,r.desc=nt(a)),M()}},a.label,i("span",{class:"nbp-sort-mark","aria-hidden":"true"}));return i("th",{scope:"col",class:j(a,c),"data-col":a.id},b)}),h=i("tr"),m=i("tbody"),f=i("table",{class:"nbp-table","data-testid":s},i("thead",{},h),m),g=i("span",{class:"nbp-note","data-testid":`${s}-count`}),w=i("button",{type:"button",style:{display:"none"},onclick:()=>{r.limit*=4,M()}},"Show more rows"),k=i("div",{class:"nbp-toolbar"});p>=0&&k.append(i("label",{},`Filter by ${e[p].label.toLowerCase()}:`,i("input",{type:"search","data-testid":`${s}-filter`,"aria-label":`Filter by ${e[p].label}`,oninput:a=>{r.filter=a.target.value.toLowerCase(),M()}}))),e.length>2&&t.chooser!==!1&&k.append(St(e,o,(a,c)=>{o[a]=c,M()},s)),t.csvName&&k.append(i("button",{type:"button","data-testid":`${s}-csv`,onclick:()=>X(t.csvName,$t(e,x()))},"Export as CSV")),k.append(g);let S=i("div",{class:"nbp-table-box"},k,i("div",{class:"nbp-table-wrap","data-testid":`${s}-scroller`},f),w);function j(a,c){return[nt(a)?"nbp-num":"",c===0?"nbp-sticky":"",a.type==="name"?"nbp-name-col":""].join(" ").trim()}function E(){d=new Map,e.forEach((a,c)=>{a.type==="name"&&d.set(c,F(n.map(b=>b[c]),l))})}function x(){let a=n;if(r.filter&&p>=0&&(a=a.filter(c=>String(c[p]??"").toLowerCase().includes(r.filter))),r.sort>=0){let c=r.sort,b=r.desc?-1:1;a=a.map((v,y)=>[v,y]).sort((v,y)=>{let z=Mt(v[0][c],y[0][c]);return z===0?v[1]-y[1]:v[0][c]===null||v[0][c]===void 0||y[0][c]===null||y[0][c]===void 0?z:b*z}).map(v=>v[0])}return a}function $(a,c,b,v){let y;a.type==="name"?y=I(b,d.get(c)?.get(b)):y=K(b,a.type);let z=(a.type==="str"||a.type==="name")&&b!==null&&b!==void 0?String(b):null,R=i("td",{class:j(a,c),title:z},y);if(a.color){let W=a.color(b,v);W&&(R.style.background=W,R.style.color="#111")}return R}function L(a){let c=i("tr",{tabindex:"0"},e.map((b,v)=>o[v]?$(b,v,a[v],a):null));return t.onHover&&(c.addEventListener("mouseenter",b=>t.onHover(a,b)),c.addEventListener("focus",()=>t.onHover(a,null))),t.onLeave&&c.addEventListener("mouseleave",()=>t.onLeave(a)),t.onSelect&&c.addEventListener("click",()=>t.onSelect(a)),c.addEventListener("keydown",b=>{b.key==="ArrowDown"&&c.nextElementSibling&&(b.preventDefault(),c.nextElementSibling.focus()),b.key==="ArrowUp"&&c.previousElementSibling&&(b.preventDefault(),c.previousElementSibling.focus()),(b.key==="Enter"||b.key===" ")&&t.onSelect&&(b.preventDefault(),t.onSelect(a))}),c}function M(){h.replaceChildren(...u.filter((c,b)=>o[b])),u.forEach((c,b)=>{c.setAttribute("aria-sort",b===r.sort?r.desc?"descending":"ascending":"none"),c.querySelector(".nbp-sort-mark").textContent=b===r.sort?r.desc?"▼":"▲":""});let a=x();m.replaceChildren(...a.slice(0,r.limit).map(L)),g.textContent=a.length>r.limit?`showing ${r.limit} of ${a.length} rows`:`${a.length} rows`,w.style.display=a.length>r.limit?"":"none"}E(),M();let T=e.findIndex(a=>a.type==="name");if(typeof ResizeObserver<"u"&&T>=0){let a=0;new ResizeObserver(c=>{let b=c[c.length-1].contentRect.width;if(!(b>0))return;a||(a=1.12*kt(f,n.slice(0,50).map(y=>String(y[T]??""))));let v=Math.max(24,Math.min(90,Math.floor((Math.min(.4*b,560)-14)/a)));Math.abs(v-l)>=2&&requestAnimationFrame(()=>{l=v,E(),M()})}).observe(S)}return{el:S,setRows(a){n=a,E(),M()},visibleRows:x}}var rt=`
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
`;function Et(){let t=document.body,e=t.dataset.jpThemeLight;return e!==void 0?e==="false":t.classList.contains("vscode-dark")||t.classList.contains("dark")?!0:t.classList.contains("vscode-light")?!1:!!(window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches)}var at=!1;function Ct(){if(at||document.getElementById("nbprof-styles"))return;let t=document.createElement("style");t.id="nbprof-styles",t.textContent=rt,document.head.append(t),at=!0}function it(t){Ct(),t.classList.add("nbp");let e=()=>t.classList.toggle("nbp-dark",Et());e();let n=new MutationObserver(e);return n.observe(document.body,{attributes:!0,attributeFilter:["data-jp-theme-light","class"]}),()=>n.disconnect()}function Nt(t){return i("table",{},i("tbody",{},t.filter(e=>e[1]!==void 0&&e[1]!==null&&e[1]!=="").map(([e,n])=>i("tr",{},i("td",{class:"nbp-muted"},e),i("td",{},n)))))}function st(t){let e=i("div",{class:"nbp-tooltip","data-testid":"tooltip",role:"tooltip",style:{display:"none"}});return t.append(e),{show(n,o,r){e.replaceChildren(i("div",{class:"nbp-tip-title"},o),Nt(r||[])),e.style.display="block";let p=t.getBoundingClientRect(),s=n.clientX-p.left+12,d=n.clientY-p.top+12,l=e.offsetWidth;s+l>p.width&&(s=Math.max(0,n.clientX-p.left-l-12)),e.style.left=`${s}px`,e.style.top=`${d}px`},hide(){e.style.display="none"},element:e}}function Lt(t,e="banner"){if(!t||!t.text)return null;let n=(t.fixes||[]).flatMap((o,r)=>[r?r===t.fixes.length-1?" or ":", ":" ",i("code",{},o)]);return i("div",{class:"nbp-banner",role:"note","data-testid":e},t.text,n.length?[" Mark each step with",...n,"."]:null)}function lt(t){return!t||!t.length?null:i("details",{class:"nbp-notes","data-testid":"notes"},i("summary",{},`Details (${t.length})`),i("ul",{},t.map(e=>i("li",{"data-testid":"note"},e))))}function pt(t,e,n=120){if(!e)return;let o=`[data-nbprof-id="${CSS.escape(e)}"]`,r=t;for(let p=0;r&&p<8;p++,r=r.parentElement){let s=r.previousElementSibling;if(s&&(s.matches(o)||s.querySelector(o))){s.style.display="none",s.dataset.nbprofHidden="true";return}}n>0&&requestAnimationFrame(()=>pt(t,e,n-1))}function Tt(t,e,n,o={}){let r=i("div",{class:"nbp-panel","data-testid":`panel-${e?.tool||"unknown"}`});t.replaceChildren(r);let p=st(t);r.append(i("div",{class:"nbp-title"},e?.title||"nbprof"));let s=Lt(e?.banner);if(s&&!o.bannerShown&&r.append(s),!e||e.available===!1){r.append(i("div",{class:"nbp-na","data-testid":"unavailable"},"Not available: ",e?.reason||"no data"));let l=lt(e?.notes);l&&r.append(l);return}e.advice&&r.append(i("p",{class:"nbp-advice","data-testid":"advice"},e.advice));try{n(r,e,{tooltip:p,...o})}catch(l){r.append(i("div",{class:"nbp-error","data-testid":"view-error"},`This view failed to draw: ${l}`)),console.error(l)}let d=lt(e.notes);d&&r.append(d)}function ct(t){return{render({model:e,el:n}){let o=i("div");n.append(o);let r=it(o),p=d=>e.send({kind:"select",...d}),s=()=>Tt(o,e.get("payload"),t,{request:p});return s(),pt(n,e.get("payload")?.static_id),e.on("change:payload",s),()=>{e.off("change:payload",s),r()}}}}function zt(t,e,n){let o=e.table,r=o.columns.findIndex(l=>l.id==="kernel_name"),p=o.columns.findIndex(l=>l.id==="total_duration_us"),s=new Map;for(let l of o.rows)s.set(l[r],(s.get(l[r])||0)+(l[p]||0));let d=[...s].map(([l,u])=>({label:String(l),value:u}));t.append(_("Top kernels by total time",et({title:"Total duration",slices:d,format:l=>D(l),tooltip:n.tooltip,testid:"pie-kernels",wide:!0}))),t.append(_("Kernels",o.rows.length?ot({columns:o.columns,rows:o.rows,sortBy:"total_duration_us",sortDesc:!0,filterColumn:"kernel_name",csvName:"kernel_stats.csv",testid:"kernels"}).el:V("no kernels")))}var se=ct(zt);export{se as default,zt as renderKernelStats};
