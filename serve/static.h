/*
 * The pages' stylesheet and script, served from /static/ (the
 * Content-Security-Policy allows no inline script or style).  Our own
 * small script, no third-party code: sorting a table by a header,
 * dragging across the timeline to zoom, hovering to read an interval.
 * Every page works without it (links and forms).  The script reads data
 * only from data- attributes and the JSON API, and writes text with
 * textContent, never markup of its own; the one markup it places is a
 * section of the server's page /dashboard/NAME, as escaped as the page
 * it goes into.
 */
#ifndef IOLENS_SERVE_STATIC_H
#define IOLENS_SERVE_STATIC_H

static const char serve_css[] =
	"body{font:14px/1.4 sans-serif;margin:0;color:#222}"
	"nav{background:#234;padding:6px 12px}nav a{color:#fff;margin-right:"
	"16px}main{padding:8px 16px}h2{font-size:16px;margin-top:24px}"
	"table{border-collapse:collapse;font-size:12px}th,td{border:1px solid "
	"#ccc;padding:2px "
	"6px;text-align:left;max-width:40em;vertical-align:top}td.n{text-align:"
	"right;white-space:nowrap;"
	"font-variant-numeric:tabular-nums}th{white-space:nowrap}"
	".scroll{overflow-x:auto}td.p{min-width:22em;word-break:break-all;font-"
	"family:monospace;"
	"font-size:11px}table.down th{background:#f4f4fa}"
	"th{background:#eef;cursor:pointer}.note{color:#933}.path{font-family:"
	"monospace}.timeline{position:relative;margin:0}.timeline img{border:"
	"1px solid #ccc;max-width:100%;height:auto}.sel{position:absolute;"
	"top:0;background:rgba(40,80,200,.25);pointer-events:none}"
	"#tip{position:absolute;background:#fff;border:1px solid #888;"
	"padding:2px 6px;font-size:12px;pointer-events:none}"
	"form.filters input{width:8em}\n";

static const char serve_js[] =
	"'use strict';\n"
	"function cellv(td){var t=td.dataset.v!==undefined?td.dataset.v:"
	"td.textContent,n=Number(t);"
	"return t!==''&&!isNaN(n)?n:t;}\n"
	"function sortBy(tb,i,dir){var rows=Array.prototype.slice.call("
	"tb.rows);rows.sort(function(a,b){var x=cellv(a.cells[i]),"
	"y=cellv(b.cells[i]);if(typeof x!==typeof y){x=String(x);y=String(y);}"
	"return (x<y?-1:x>y?1:0)*dir;});rows.forEach(function(r){"
	"tb.appendChild(r);});}\n"
	"function sortable(root){"
	"root.querySelectorAll('table.sortable').forEach(function(t){"
	"var ths=t.tHead?t.tHead.rows[0].cells:[];"
	"Array.prototype.forEach.call(ths,function(th,i){"
	"if(th.querySelector('a'))return;var dir=1;"
	"th.addEventListener('click',function(){sortBy(t.tBodies[0],i,dir);"
	"dir=-dir;});});});}\n"
	"sortable(document);\n"
	/* a dashboard's table not made yet: its page asked for until it
	 * has it, then its section put in this one's place (the server's
	 * own escaped markup, parsed inert: no script of it runs) */
	"document.querySelectorAll('section[data-part]').forEach(function(s){"
	"function ask(){fetch(s.dataset.part).then(function(r){"
	"return r.text();}).then(function(t){var n=new DOMParser()."
	"parseFromString(t,'text/html').querySelector('main section');"
	"if(!n||n.dataset.part!==undefined){setTimeout(ask,2000);return;}"
	"n=document.importNode(n,true);s.replaceWith(n);sortable(n);})"
	".catch(function(){setTimeout(ask,5000);});}"
	"setTimeout(ask,1000);});\n"
	"function fmt(x){return x>=1048576?(x/1048576).toFixed(2)+' MiB':"
	"x>=1024?(x/1024).toFixed(1)+' KiB':String(x)+' B';}\n"
	"document.querySelectorAll('figure.timeline').forEach(function(f){"
	"var img=f.querySelector('img'),job=f.dataset.job,g=null,"
	"L=60,R=20,T=20,B=40,W=1000,H=400;"
	"var sel=document.createElement('div');sel.className='sel';"
	"var tip=document.createElement('div');tip.id='tip';tip.hidden=true;"
	"f.appendChild(sel);f.appendChild(tip);"
	"function q(){return img.src.split('?')[1]||'';}"
	"function load(){fetch('/api/job/'+job+'/timeline?'+q(),"
	"{credentials:'same-origin'}).then(function(r){return r.json();})"
	".then(function(j){g=j;}).catch(function(){g=null;});}"
	"img.addEventListener('load',load);load();"
	"function tx(ev){var r=img.getBoundingClientRect();"
	"return (ev.clientX-r.left)*W/r.width;}"
	"function ty(ev){var r=img.getBoundingClientRect();"
	"return (ev.clientY-r.top)*H/r.height;}"
	"function t(x){return g.t0+(x-L)/(W-L-R)*(g.t1-g.t0);}"
	"var x0=null;"
	"img.addEventListener('mousedown',function(ev){ev.preventDefault();"
	"x0=tx(ev);});"
	"img.addEventListener('mousemove',function(ev){if(!g)return;"
	"var x=tx(ev),y=ty(ev),r=img.getBoundingClientRect(),"
	"b=Math.floor((x-L)/(W-L-R)*g.bins),k=Math.floor((y-T)/"
	"(H-T-B)*g.ranks);"
	"if(x0!==null){var a=Math.min(x0,x),e=Math.max(x0,x);"
	"sel.style.left=(a*r.width/W)+'px';sel.style.width=((e-a)*r.width/W)"
	"+'px';sel.style.height=r.height+'px';}"
	"if(b<0||b>=g.bins||k<0||k>=g.ranks){tip.hidden=true;return;}"
	"var i=k*g.bins+b;tip.hidden=false;"
	"tip.textContent='rank '+(g.rank0+k)+', '+t(L+b*(W-L-R)/g.bins)"
	".toFixed(6)+' s: '+fmt(g.bytes[i])+', '+g.ops[i]+' ops, busy '+"
	"(g.busy_s[i]*1000).toFixed(3)+' ms';"
	"tip.style.left=(ev.clientX-r.left+12)+'px';"
	"tip.style.top=(ev.clientY-r.top+12)+'px';});"
	"img.addEventListener('mouseleave',function(){tip.hidden=true;});"
	"document.addEventListener('mouseup',function(ev){if(x0===null||!g)"
	"{x0=null;return;}var x=tx(ev),a=Math.min(x0,x),e=Math.max(x0,x);"
	"x0=null;sel.style.width='0';if(e-a<3)return;"
	"var p=new "
	"URLSearchParams(q());p.set('t0',Math.max(0,t(a)).toPrecision(12));"
	"p.set('t1',t(e).toPrecision(12));p.set('ranks',g.rank0+'-'+(g.rank0+"
	"g.ranks-1));location.href='/job/'+job+'/timeline?'+p.toString();});"
	"});\n"
	/* a job page whose tables are being made: its next visit has them */
	"if(document.getElementById('making'))setTimeout(function(){"
	"location.reload();},1000);\n";

#endif
