"""Screen reader support within reach (issue 38): a button first in the page's Tab order that turns on Flutter's
accessibility tree, and remembers it on this phone so later visits start with it on.

Flutter web builds its semantics tree (what a screen reader reads) only once a hidden, 1-pixel "Enable
accessibility" button is activated; Tab skipped it (focus went to the canvas) and a screen reader user had to find
it by exploring. Turning the tree on for everyone instead would make every phone at the table, reader or not, keep
a DOM copy of each frame's semantics, so it is one tap (or Enter) away and kept once chosen. The button is hidden
until it takes the keyboard or a screen reader's focus, as a "skip to content" link is. The first Tab on the page
goes to it wherever the focus is: Flutter focuses its view as it starts and keeps Tab for its own focus moves, so
neither this button nor Flutter's placeholder was reachable from the keyboard (if Flutter, still starting, takes
the focus straight back, the next Tab tries again; one who Tabs on from the button is not brought back to it). It
is a plain script in ``index.html`` (like :mod:`companion.flet_fixes.page_script`): it must work before the app has
drawn anything.
"""

from __future__ import annotations

import json

from companion.i18n import LANGUAGES, t, use_language

KEY = "companion-screen-reader"  # localStorage: "1" once this phone turned the reader's tree on

_SCRIPT = """<script>(function(){
var ALL=%(texts)s,T=ALL.en,KEY=%(key)s;
(navigator.languages||[navigator.language||'']).some(function(tag){
var c=String(tag).toLowerCase().replace('-','_');if(c.indexOf('zh')===0){T=ALL.zh_Hant;return true;}
var b=c.split('_')[0];if(ALL[b]){T=ALL[b];return true;}return false;});
function turnOn(){var p=document.querySelector('flt-semantics-placeholder');if(!p)return false;
var r=p.getBoundingClientRect();
p.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true,
clientX:r.left+r.width/2,clientY:r.top+r.height/2}));
return true;}
function soon(){if(turnOn())return;var o=new MutationObserver(function(){if(turnOn())o.disconnect();});
o.observe(document.documentElement,{childList:true,subtree:true});}
var kept=false;try{kept=localStorage.getItem(KEY)==='1';}catch(e){}
if(kept){soon();return;}
function add(){var b=document.createElement('button');b.id=KEY;b.type='button';b.textContent=T.on;
var hidden='position:fixed;left:0;top:0;width:1px;height:1px;overflow:hidden;clip-path:inset(50%%);'+
'white-space:nowrap;border:0;padding:0;margin:0;z-index:99999;';
var shown='position:fixed;left:8px;top:8px;z-index:99999;padding:12px 16px;min-height:48px;border-radius:8px;'+
'border:2px solid #fff;background:#0b3d5c;color:#fff;font:16px system-ui,sans-serif;';
var met=false,left=false;b.style.cssText=hidden;b.onblur=function(){b.style.cssText=hidden;};
b.onfocus=function(){met=true;b.style.cssText=shown;};
b.onclick=function(){try{localStorage.setItem(KEY,'1');}catch(e){}b.remove();soon();};
window.addEventListener('keydown',function(e){if(e.key==='Tab'&&document.activeElement===b)left=true;
if(e.key!=='Tab'||met||!b.isConnected)return;
met=true;e.preventDefault();e.stopPropagation();b.focus();
setTimeout(function(){if(document.activeElement!==b&&!left)met=false;},400);},true);
document.body.insertBefore(b,document.body.firstChild);}
if(document.body)add();else document.addEventListener('DOMContentLoaded',add);
})();</script>"""


def page_script() -> str:
    """The ``<script>`` to put into ``index.html``, its button's words in every language the app speaks."""
    texts = {}
    for language in LANGUAGES:
        with use_language(language):
            texts[language] = {"on": t("Turn on screen reader support")}
    return _SCRIPT % {"texts": json.dumps(texts, ensure_ascii=False).replace("</", "<\\/"), "key": json.dumps(KEY)}
