"""The script put into ``index.html`` (by :class:`~companion.flet_fixes.web_files.WebFiles`): what a phone shows on
its own, with no server ("Reconnecting…", the once-only screen-lock hint), and what it does about Flet's client.
Its words, in every language, are the app's (:mod:`companion.net.banner`); what it does, and the Flet behaviour
behind each part:

While the socket is down the server can't draw anything, so this is a small script put into ``index.html``. It
watches the app's WebSocket: the moment it closes, an opaque layer covers the app saying "Reconnecting…" and that
taps wait, so no tap reaches a client that would queue it for a session that may be gone. It is up at once and
hides everything under it, because Flutter's client itself, the moment its socket closes, draws its own page over
the app: white, a spinner and "Working..." in English, a text built into flet-web 1.0.5 (``main.dart.js``), which
no setting changes. The layer stays up, unchanged, until the app's first frame after the reconnection: each of the
client's retries (a new socket every 0.5 s on a loopback address, doubling on a LAN one) closes without changing
it. Flutter's page under it is kept from screen readers (``aria-hidden``) and from taps and keys (``inert``)
meanwhile. After 0.7 s a "Reconnect now" button appears (the client's own back-off grows without a cap on a LAN
address): only then, so a tap meant for the app can't reload the page while the host is down. When the gate drops
the pass (the room code changed), the phone goes to the join page. When the host stops (Ctrl+C, SIGTERM) the gate
closes every socket with a code of its own first: the layer then says the host has closed the table for the night
and, for the code that says so, that everything was saved, with no "Reconnect now" (a reload would find no page);
should the host start again, the first frame takes it down as after any outage. A socket that ends without that
code (a killed host, a Wi-Fi drop) keeps "Reconnecting…".

A Wi-Fi drop often closes nothing: the socket stays "open" for tens of seconds and a tap goes into it unheard.
So the script also reads the gate's heartbeat (text frames, see :mod:`companion.net.gate`; it stops them before
the Flutter client, which listens on the same socket object after it), and after :data:`QUIET_MS` without any
frame it takes the link for dead: it closes the socket and tells the client it closed, so the layer and the
client's reconnect follow as for a closed one (a browser would wait up to a minute for a dead peer's close). A
timer that itself ran late (the phone slept) restarts the count instead. Each heartbeat says how many frames the
server has had on that socket; if a frame sent within :data:`TAP_MS` of the player's last touch or key (a tap,
not the client's own traffic such as its registration or a route event) is beyond that count when the socket
went, that tap may be lost, and once reconnected the phone says so and asks to check the table and tap again
(kept in ``sessionStorage``, so "Reconnect now" keeps it). The client never sends such a tap twice: it is either
applied once, if it got through, or refused with that notice.

Each close also forgets Flet's session id (:data:`~companion.flet_fixes.SESSION_ID_KEY` in ``sessionStorage``), so
the client comes back
as a fresh session, which the app returns to the same game and seat as after a host restart: a Flet 1.0.5 web
client that re-attached to its still-open session froze its page in a busy loop (seen in Chromium, with or
without this script). A page being left (``pagehide``: a reload, a link opened in the tab) is not a lost link,
but it forgets the session id too, so the page that follows starts a fresh session rather than re-attaching.
On a plain-HTTP LAN address the browser can't keep the screen on, so the first visit says so once. Until the
first frame of the app arrives, a layer says "Working…" in the phone's language over Flutter's own, English-only
start-up text. A Chinese phone draws these texts (the button's too: a button doesn't inherit its font) with the
app's bundled font, loaded with the page: the host may be gone when they show.
``index.html`` is compressed once for every phone, so the script carries its texts in every language and picks
the browser's (``navigator.languages``, matched as :func:`companion.i18n.match_language` matches
``Accept-Language``).
"""

from __future__ import annotations

import json

from companion.flet_fixes import HEARTBEAT_SECONDS, SESSION_ID_KEY

QUIET_MS = int(HEARTBEAT_SECONDS * 3000)  # no frame for three heartbeats: the link is gone, even if still "open"
TAP_MS = 1000  # a frame sent this soon after a touch or a key carries that tap
# What the bundled CJK font draws here (other characters keep the phone's own font): CJK and its punctuation, the
# full-width forms.
CJK_RANGES = "U+2E80-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF"

_SCRIPT = """<script>(function(){
var ALL=%(texts)s,STOPPED=%(stopped)s,T=ALL.en,Native=window.WebSocket,box=null,timer=null,work=null,
FACE='system-ui,sans-serif',DARK='#0b1a26';
var current=null,tick=Date.now(),owed=false,leaving=false,touched=0;
['pointerdown','keydown'].forEach(function(k){window.addEventListener(k,function(){touched=Date.now();},true);});
try{owed=sessionStorage.getItem('companion-unsent')==='1';}catch(e){}
function el(tag,css,text){var e=document.createElement(tag);e.style.cssText=css;if(text)e.textContent=text;return e;}
function show(words){if(!box){box=el('div','position:fixed;inset:0;z-index:99999;background:'+DARK+';color:#fff;'+
'display:flex;flex-direction:column;align-items:center;justify-content:center;font:18px '+FACE+';'+
'text-align:center;padding:1rem');
box.id='companion-reconnecting';box.setAttribute('role','alert');
box.appendChild(el('p','font-size:1.4rem;margin:0 0 .5rem',T.reconnecting));
box.appendChild(el('p','opacity:.85',T.paused));
var b=el('button','font:inherit;font-size:1.1rem;padding:.7rem 1.4rem;margin-top:1rem',T.now);
b.id='companion-reconnect-now';b.onclick=function(){location.reload();};box.appendChild(b);}
if(words){box.firstChild.textContent=words[0];box.children[1].textContent=words[1];
box.lastChild.style.display='none';}
if(box.parentNode)return;box.lastChild.style.visibility='hidden';document.body.appendChild(box);away(true);
timer=setTimeout(function(){timer=null;box.lastChild.style.visibility='visible';},700);}
function away(on){var v=document.querySelector('flutter-view');if(!v)return;v.inert=on;
if(on)v.setAttribute('aria-hidden','true');else v.removeAttribute('aria-hidden');}
function working(){work=el('div','position:fixed;inset:0;z-index:99997;background:'+DARK+';color:#fff;display:flex;'+
'align-items:center;justify-content:center;font:18px '+FACE,T.working);work.id='companion-working';
document.body.appendChild(work);}
function worked(){if(work){work.remove();work=null;}}
function hide(){if(timer){clearTimeout(timer);timer=null;}if(box&&box.parentNode){box.remove();away(false);}box=null;}
function forget(){try{sessionStorage.removeItem('%(session_key)s');}catch(x){}}
function store(on){try{if(on)sessionStorage.setItem('companion-unsent','1');
else sessionStorage.removeItem('companion-unsent');}catch(e){}}
function notify(){owed=false;store(false);
var n=el('div','position:fixed;left:8px;right:8px;top:8px;z-index:99998;background:#8a5a00;color:#fff;'+
'padding:.8rem;border-radius:8px;font:16px '+FACE,T.unsent);n.id='companion-unsent';
n.setAttribute('role','alert');n.onclick=function(){n.remove();};document.body.appendChild(n);
setTimeout(function(){n.remove();},12000);}
function watch(ws){var s={ws:ws,last:0,sent:0,tapped:0,acked:0,gone:false},send=ws.send;current=s;
ws.send=function(d){s.sent++;if(Date.now()-touched<%(tap)d)s.tapped=s.sent;return send.call(ws,d);};
ws.addEventListener('message',function(e){if(s.gone){e.stopImmediatePropagation();return;}s.last=Date.now();
if(typeof e.data==='string'){s.acked=+e.data;e.stopImmediatePropagation();}
else{worked();hide();if(owed)notify();}});
ws.addEventListener('close',function(e){if(s.gone){e.stopImmediatePropagation();return;}s.gone=true;
if(leaving)return;forget();worked();
if(s.tapped>s.acked){owed=true;store(true);}
if(e.code===%(dropped)d){location.href='/join';}else{show(STOPPED.indexOf(e.code)<0?null:
[T.closed,e.code===STOPPED[1]?T.saved:'']);}});}
function silent(s){try{Native.prototype.close.call(s.ws);}catch(e){}
s.ws.dispatchEvent(new CloseEvent('close',{code:4000,reason:'silent',wasClean:false}));}
setInterval(function(){var now=Date.now(),asleep=now-tick>%(quiet)d/2;tick=now;var s=current;
if(!s||s.gone||!s.last)return;if(asleep)s.last=now;else if(now-s.last>%(quiet)d)silent(s);},1000);
function Gated(url,protocols){var ws=protocols===undefined?new Native(url):new Native(url,protocols);
if(/\\/ws$/.test(String(url)))watch(ws);return ws;}
Gated.prototype=Native.prototype;['CONNECTING','OPEN','CLOSING','CLOSED'].forEach(function(k){Gated[k]=Native[k];});
(navigator.languages||[navigator.language||'']).some(function(tag){
var c=String(tag).toLowerCase().replace(/-/g,'_'),b=c.indexOf('zh')===0?'zh_Hant':c.split('_')[0];
if(ALL[b]){T=ALL[b];return true;}return false;});
if(T.font){try{var f=new FontFace('Companion '+T.font[0],'url('+T.font[1]+')',{unicodeRange:%(cjk)s});
document.fonts.add(f);f.load();FACE="'Companion "+T.font[0]+"',"+FACE;}catch(e){}}
working();
window.WebSocket=Gated;window.addEventListener('pagehide',function(){leaving=true;forget();});
window.addEventListener('pageshow',function(){leaving=false;});
if(!window.isSecureContext){try{if(!localStorage.getItem('companion-lock-hint')){
localStorage.setItem('companion-lock-hint','1');window.addEventListener('load',function(){
var n=el('div','position:fixed;left:8px;right:8px;bottom:8px;z-index:99998;background:#243b4a;color:#fff;'+
'padding:.8rem;border-radius:8px;font:15px '+FACE,T.lock);n.id='companion-lock-hint';
n.onclick=function(){n.remove();};document.body.appendChild(n);setTimeout(function(){n.remove();},9000);});}}catch(e){}}
})();</script>"""


def render(texts: dict[str, dict[str, object]], dropped: int, stopped: tuple[int, int]) -> str:
    """The ``<script>``, with ``texts`` (each language's words: ``font``, ``working``, ``reconnecting``, ``paused``,
    ``now``, ``closed``, ``saved``, ``unsent``, ``lock``); ``dropped``: the close code by which the gate says the
    pass was dropped; ``stopped``: the two by which it says the host stopped, without and with everything saved."""
    return _SCRIPT % {"texts": json.dumps(texts, ensure_ascii=False).replace("</", "<\\/"), "dropped": dropped,
                      "stopped": json.dumps(list(stopped)),
                      "session_key": SESSION_ID_KEY, "quiet": QUIET_MS, "tap": TAP_MS, "cjk": json.dumps(CJK_RANGES)}
